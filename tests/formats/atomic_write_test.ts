import { assertEquals, assertRejects } from "../assert.ts";
import { writeFileAtomic } from "../../formats/atomic_write.ts";

Deno.test("writeFileAtomic replaces the file and leaves no temporary file", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/out.txt`;
  await Deno.writeTextFile(path, "old");
  await writeFileAtomic(path, "new text");
  assertEquals(await Deno.readTextFile(path), "new text");
  await writeFileAtomic(path, new TextEncoder().encode("bytes"));
  assertEquals(await Deno.readTextFile(path), "bytes");
  await writeFileAtomic(
    path,
    ReadableStream.from([
      new TextEncoder().encode("a"),
      new TextEncoder().encode("b"),
    ]),
  );
  assertEquals(await Deno.readTextFile(path), "ab");
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeFileAtomic keeps the old content when the stream fails", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/out.txt`;
  await Deno.writeTextFile(path, "old");
  const failing = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("partial"));
      controller.error(new Error("source broke"));
    },
  });
  await assertRejects(
    () => writeFileAtomic(path, failing),
    Error,
    "source broke",
  );
  assertEquals(await Deno.readTextFile(path), "old");
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeFileAtomic names the target, not its temporary file, when it cannot write", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await assertRejects(
      () => writeFileAtomic(dir, "text"),
      Deno.errors.IsADirectory,
      `Cannot write "${dir}": it is a directory`,
    );
    await assertRejects(
      () => writeFileAtomic(`${dir}/missing/out.txt`, "text"),
      Deno.errors.NotFound,
      `Cannot write "${dir}/missing/out.txt": no directory "${dir}/missing"`,
    );
    assertEquals([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
