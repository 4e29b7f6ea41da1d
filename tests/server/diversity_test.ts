// POST /v1/evaluate scores the diversity measures against subtopic qrels,
// as `eval` does when every spec names one. Inputs and values are
// ir_measures' tests/test_pyndeval.py (ERR_IA@20 to the 4 places it
// asserts) and ndeval 4.5's alpha-nDCG@5 (tests/metrics/diversity/).
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";

const QRELS = "0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 1 D2 1\n0 1 D3 2\n0 0 D4 0\n" +
  "1 0 D0 1\n1 0 D3 2\n1 1 D5 2\n";
const RUN = "0 0 D0 1 0.8 run\n0 0 D2 2 0.7 run\n0 0 D1 3 0.3 run\n" +
  "0 0 D3 4 0.4 run\n0 0 D4 5 0.1 run\n1 0 D1 1 0.8 run\n1 0 D3 2 0.7 run\n" +
  "1 0 D4 3 0.3 run\n1 0 D2 4 0.4 run\n";

async function post(body: unknown) {
  const response = await createApp().request("/v1/evaluate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

Deno.test("POST /v1/evaluate scores diversity measures on subtopic qrels", async () => {
  const { status, body } = await post({
    qrels: QRELS,
    run: RUN,
    metrics: ["ERR_IA@20", "alpha_nDCG@5"],
    perQuery: true,
  });
  assertEquals(status, 200);
  assertEquals(body.metrics, ["err_ia@20", "alpha_ndcg@5"]);
  assertAlmostEquals(body.perQuery["0"]["err_ia@20"], 0.4659, 5e-5);
  assertAlmostEquals(body.perQuery["1"]["err_ia@20"], 0.1803, 5e-5);
  assertAlmostEquals(body.aggregate["err_ia@20"], 0.3231, 5e-5);
  assertAlmostEquals(
    body.perQuery["0"]["alpha_ndcg@5"],
    0.6732494378732705,
    1e-12,
  );
  assertAlmostEquals(
    body.perQuery["1"]["alpha_ndcg@5"],
    0.3354350434265105,
    1e-12,
  );
});

Deno.test("POST /v1/evaluate refuses what the diversity measures do not take", async () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [
      { metrics: ["ERR_IA@20"], judgedOnly: true, relevanceLevel: 2 },
      "The diversity measures do not take relevanceLevel (give each measure rel=), judgedOnly (give each measure judged_only=True).",
      "metrics",
    ],
    [
      { metrics: ["ERR_IA@20", "ap"] },
      'Metric "ERR_IA@20" scores rankings against subtopic qrels ("qid subtopic docno rel"): ask for the diversity measures in a request of their own.',
      "metrics",
    ],
    [
      { metrics: ["NRBP"], qrels: { "0": { D0: 1 } } },
      'Field "qrels" must be subtopic qrels text ("qid subtopic docno rel") for the diversity measures.',
      "qrels",
    ],
  ];
  for (const [fields, detail, field] of cases) {
    const { status, body } = await post({ qrels: QRELS, run: RUN, ...fields });
    assertEquals(status, 400, detail);
    assertEquals([body.detail, body.field], [detail, field]);
  }
});
