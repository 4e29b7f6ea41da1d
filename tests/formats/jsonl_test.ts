import { assertEquals, assertRejects } from "../assert.ts";
import { InputError } from "../../model/errors.ts";
import {
  formatJsonLine,
  jsonLinesStream,
  readJsonLines,
} from "../../formats/jsonl.ts";
import { assertThrows } from "../assert.ts";

async function collect(text: string) {
  const out = [];
  for await (const record of readJsonLines({ text }, { name: "x.jsonl" })) {
    out.push(record);
  }
  return out;
}

Deno.test("readJsonLines yields each record with its line, skipping blank lines and CRLF", async () => {
  assertEquals(await collect('{"a":1}\r\n\r\n  \n[2]\n"three"'), [
    { value: { a: 1 }, line: 1 },
    { value: [2], line: 4 },
    { value: "three", line: 5 },
  ]);
});

Deno.test("readJsonLines names the file and line of a malformed record", async () => {
  await assertRejects(
    () => collect('{"a":1}\n{"a":2,}\n'),
    InputError,
    "x.jsonl:2: invalid JSON: unexpected '}'",
  );
  await assertRejects(
    () => collect('{"a":1}\n{"a": "unterminated'),
    InputError,
    "x.jsonl:2: invalid JSON: unexpected end of input",
  );
});

Deno.test("readJsonLines decompresses .gz files", async () => {
  const path = await Deno.makeTempFile({ suffix: ".jsonl.gz" });
  const gz = new Response(
    ReadableStream.from([new TextEncoder().encode('{"_id":"d1"}\n')])
      .pipeThrough(new CompressionStream("gzip")),
  );
  await Deno.writeFile(path, new Uint8Array(await gz.arrayBuffer()));
  const values = [];
  for await (const { value } of readJsonLines(path)) values.push(value);
  assertEquals(values, [{ _id: "d1" }]);
  await Deno.remove(path);
});

Deno.test("jsonLinesStream and readJsonLines round-trip values", async () => {
  const values = [{ _id: "d1", text: "line\nbreak é" }, [1, 2], null, 3.5];
  const text = await new Response(jsonLinesStream(values)).text();
  assertEquals(text.split("\n").length, 5);
  assertEquals((await collect(text)).map((r) => r.value), values);
});

Deno.test("jsonLinesStream pulls async values lazily", async () => {
  const pulled: number[] = [];
  async function* values() {
    for (let i = 0; i < 3; i++) {
      pulled.push(i);
      yield { i };
    }
  }
  const reader = jsonLinesStream(values()).getReader();
  const first = await reader.read();
  assertEquals(new TextDecoder().decode(first.value), '{"i":0}\n');
  assertEquals(pulled.length < 3, true);
  await reader.cancel();
});

Deno.test("formatJsonLine rejects values without a JSON form", () => {
  assertThrows(() => formatJsonLine(undefined), TypeError, "undefined");
});
