import { assertEquals } from "../assert.ts";
import { ChunkReader } from "../../formats/chunk_reader.ts";

Deno.test("ChunkReader splits large chunks and skips empty ones", async () => {
  const reader = new ChunkReader(
    [new Uint8Array(0), new Uint8Array([1, 2, 3, 4, 5]), new Uint8Array([6])]
      .values(),
  );
  const into = new Uint8Array(3);
  assertEquals(await reader.readFull(into), 3);
  assertEquals([...into], [1, 2, 3]);
  assertEquals(await reader.readFull(into), 3);
  assertEquals([...into], [4, 5, 6]);
  assertEquals(await reader.readFull(into), 0);
  assertEquals(await reader.read(into), null);
});
