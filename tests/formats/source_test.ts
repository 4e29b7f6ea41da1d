import { InputError } from "../../model/errors.ts";
// Gzip input: on a worker or on the calling thread, the same bytes and the
// same errors, for one member or several.
import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { GzipFileReader, openSource } from "../../formats/source.ts";

function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Response(
    ReadableStream.from([bytes]).pipeThrough(new CompressionStream("gzip")),
  ).bytes();
}

async function readAll(
  path: string,
  worker: boolean,
  step = 1000,
): Promise<Uint8Array> {
  const reader = await GzipFileReader.open(path, { worker });
  const parts: number[] = [];
  const into = new Uint8Array(step);
  for (let n; (n = await reader.read(into)) !== null;) {
    parts.push(...into.subarray(0, n));
  }
  return new Uint8Array(parts);
}

Deno.test("GzipFileReader gives every member's bytes, on a worker or not", async () => {
  // Text that does not compress to nothing, so reads cross buffer edges.
  let seed = 7;
  const text = Array.from({ length: 20_000 }, (_, i) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return `q${i >> 8} Q0 d${seed.toString(36)} ${i} ${seed / 1e9} t\n`;
  }).join("");
  const bytes = new TextEncoder().encode(text);
  const cut = bytes.indexOf(10, bytes.length >> 1) + 1;
  const path = await Deno.makeTempFile({ suffix: ".gz" });
  try {
    await Deno.writeFile(path, await gzip(bytes));
    for (const worker of [true, false]) {
      assertEquals(await readAll(path, worker), bytes, `worker: ${worker}`);
    }
    const members = [
      ...await gzip(bytes.subarray(0, cut)),
      ...await gzip(bytes.subarray(cut)),
    ];
    await Deno.writeFile(path, new Uint8Array(members));
    for (const worker of [true, false]) {
      assertEquals(await readAll(path, worker, 4096), bytes, `two members`);
    }
    const { stream } = await openSource(path);
    assertEquals(await new Response(stream).text(), text);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("GzipFileReader names the file of a truncated or corrupt stream", async () => {
  const path = await Deno.makeTempFile({ suffix: ".gz" });
  try {
    const whole = await gzip(new TextEncoder().encode("q1 Q0 a 1 1 t\n"));
    for (
      const [bytes, reason] of [
        [whole.subarray(0, whole.length - 6), "unexpected end of file"],
        [new TextEncoder().encode("not gzip at all"), "incorrect header check"],
      ] as const
    ) {
      await Deno.writeFile(path, bytes);
      for (const worker of [true, false]) {
        await assertRejects(
          () => readAll(path, worker),
          InputError,
          `${path}: cannot read the gzip data: ${reason}`,
        );
      }
    }
    await assertRejects(
      () => GzipFileReader.open(path + ".missing"),
      Deno.errors.NotFound,
    );
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("an open reader is a source, closed once read to its end", async () => {
  const path = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(path, "q1 Q0 a 1 1 t\nq1 Q0 b 2 0 t\n");
    const file = await Deno.open(path);
    const { name, stream } = await openSource(file);
    assertEquals(name, "<reader>");
    assertEquals(
      await new Response(stream).text(),
      "q1 Q0 a 1 1 t\nq1 Q0 b 2 0 t\n",
    );
    // Closed by the stream: closing again is an error.
    assertThrows(() => file.close(), Deno.errors.BadResource);
  } finally {
    await Deno.remove(path);
  }
});
