import { assertEquals, assertThrows } from "../assert.ts";
import { ReplayableStream } from "../../formats/replayable_stream.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const source = () =>
  ReadableStream.from(["a\n", "b\n", "c\n"].map((s) => bytes(s)));

Deno.test("a replay gives the whole stream, however much the first reading took", async () => {
  for (const take of [0, 1, 2, 3, 4]) {
    const input = new ReplayableStream(source());
    const reader = input.first.getReader();
    const taken: string[] = [];
    for (let i = 0; i < take; i++) {
      const { value, done } = await reader.read();
      if (!done) taken.push(new TextDecoder().decode(value));
    }
    assertEquals(taken, ["a\n", "b\n", "c\n"].slice(0, take));
    reader.releaseLock();
    assertEquals(await new Response(input.replay()).text(), "a\nb\nc\n");
  }
});

Deno.test("a stream that is never read first is not read ahead of its replay", async () => {
  // A slow source: a read started before the replay would still be running.
  const chunks = ["a\n", "b\n"];
  const slow = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(bytes(next));
    },
  }, { highWaterMark: 0 });
  const input = new ReplayableStream(slow);
  assertEquals(await new Response(input.replay()).text(), "a\nb\n");
});

Deno.test("a stream replays once", async () => {
  const input = new ReplayableStream(source());
  await input.replay().cancel();
  assertThrows(() => input.replay(), TypeError, "replayed once");
});
