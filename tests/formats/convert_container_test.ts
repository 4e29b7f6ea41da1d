// convert between the same format changes only the container: the bytes of
// every line are kept, where parsing and writing back would rewrite numbers.
import { assertEquals } from "../assert.ts";
import { convertFile } from "../../formats/convert.ts";

const RUN = "q1 Q0 d1 1 2.0970 t\nq1 Q0 d2 2 -0.0 t\n#kept\nq2 Q0 d3 1 1e3 t\n";
const QRELS = "q1 0 d1 01\nq1 0 d2 0\n";

async function gunzip(path: string): Promise<string> {
  const file = await Deno.open(path);
  return await new Response(
    file.readable.pipeThrough(new DecompressionStream("gzip")),
  ).text();
}

Deno.test("convert to the same format only compresses or decompresses", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of [["run.txt", RUN], ["qrels.qrels", QRELS]]) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      const there = await convertFile(`${dir}/${name}`, `${dir}/${name}.gz`);
      assertEquals(there.from.name, there.to.name);
      assertEquals(await gunzip(`${dir}/${name}.gz`), text);
      await convertFile(`${dir}/${name}.gz`, `${dir}/back-${name}`);
      assertEquals(await Deno.readTextFile(`${dir}/back-${name}`), text);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
