// The request schemas report one issue, the first, however many entries
// of a hostile body are bad.
import { assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";

async function detailOf(path: string, body: unknown): Promise<string> {
  const response = await createApp().request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assertEquals(response.status, 400);
  const text = await response.text();
  assertEquals(text.length < 2000, true, `an error body of ${text.length}`);
  return JSON.parse(text).detail;
}

const many = <T>(make: (i: number) => T, length = 1_000_000) =>
  Array.from({ length }, (_, i) => make(i));

Deno.test("a million bad items (or 100,000 bad entries) answer with the first", async () => {
  const qrels = "q1 0 d1 1\n";
  const run = "q1 Q0 d1 1 1 t\n";
  assertEquals(
    await detailOf("/v1/evaluate", { qrels, run, metrics: many((i) => i) }),
    'Field "metrics" must be an array of strings; item 0 is number 0.',
  );
  assertEquals(
    await detailOf("/v1/trec_eval", {
      qrels,
      run,
      args: ["-q", ...many(() => false)],
    }),
    'Field "args" must be an array of strings; item 1 is boolean false.',
  );
  assertEquals(
    await detailOf("/v1/rag", { samples: many((i) => [i]) }),
    'Field "samples" must be an array of records; item 0 is an array.',
  );
  assertEquals(
    await detailOf("/v1/rag", {
      samples: "",
      input: "answers",
      keyMap: Object.fromEntries(many((i) => [`k${i}`, i], 100_000)),
    }),
    'Field "keyMap" must map part "k0" to a key, got number 0.',
  );
  assertEquals(
    await detailOf("/v1/compare", {
      qrels,
      runs: Object.fromEntries(many((i) => [`r${i}`, i], 100_000)),
    }),
    'Field "runs" maps run "r0" to number 0; a run is TREC text or a JSON object keyed by query id.',
  );
  const unknown = await detailOf("/v1/evaluate", {
    qrels,
    run,
    ...Object.fromEntries(many((i) => [`x${"y".repeat(50)}${i}`, 1], 100_000)),
  });
  assertEquals(
    unknown.startsWith(
      'Field "xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy... (52 characters)" is not known',
    ),
    true,
    unknown,
  );
});
