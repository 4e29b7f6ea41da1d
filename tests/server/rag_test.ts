// POST /v1/rag answers what `rag --format json` prints for the same samples.
import { assertEquals } from "../assert.ts";
import { run as ragCommand } from "../../cli/rag.ts";
import { createApp } from "../../server.ts";
import { repoPath, stdoutOf } from "./_capture.ts";
import { repoText, serve } from "./_serve.ts";

const RAGAS = "tests/testdata/rag/ragas_python.jsonl";
const ANSWERS = "tests/testdata/rag/answers.jsonl";

Deno.test("POST /v1/rag matches rag --format json", async () => {
  await using server = serve(createApp());
  const cases: [string, string[], Record<string, unknown>][] = [
    [RAGAS, [], {}],
    [RAGAS, [
      "-m",
      "exact_match",
      "-m",
      "rouge_l",
      "-m",
      "id_context_recall",
      "-q",
    ], {
      metrics: ["exact_match", "rouge_l", "id_context_recall"],
      perSample: true,
    }],
    [ANSWERS, [
      "--input",
      "answers",
      "-m",
      "acc",
      "-m",
      "cover_em",
      "-m",
      "token_f1",
      "--normalize",
      "ultrarag",
      "-q",
    ], {
      input: "answers",
      metrics: ["acc", "cover_em", "token_f1"],
      normalize: "ultrarag",
      perSample: true,
    }],
    [ANSWERS, [
      "--input",
      "answers",
      "-m",
      "token_f1",
      "-m",
      "exact_match(normalize=none)",
      "-m",
      "bleu",
      "--normalize",
      "flashrag",
    ], {
      input: "answers",
      metrics: ["token_f1", "exact_match(normalize=none)", "bleu"],
      normalize: "flashrag",
    }],
    [ANSWERS, ["--key-map", "response=question", "-m", "exact_match"], {
      keyMap: { response: "question" },
      metrics: ["exact_match"],
    }],
  ];
  for (const [file, args, options] of cases) {
    const response = await server.post("/v1/rag", {
      samples: await repoText(file),
      ...options,
    });
    assertEquals(response.status, 200, args.join(" "));
    const cli = JSON.parse(
      await stdoutOf(ragCommand, [repoPath(file), ...args, "--format", "json"]),
    );
    assertEquals(await response.json(), cli, args.join(" "));
  }
});

Deno.test("POST /v1/rag takes samples as a list of records", async () => {
  await using server = serve(createApp());
  const response = await server.post("/v1/rag", {
    samples: [
      {
        user_input: "q?",
        response: "Paris",
        reference: "paris.",
        retrieved_contexts: ["Paris is the capital."],
      },
      {
        user_input: "q?",
        response: "Lyon",
        reference: "Paris",
        retrieved_contexts: ["Lyon"],
      },
      { user_input: "q?", response: "", retrieved_contexts: [] },
    ].map((sample, i) => ({ id: `s${i}`, ...sample })),
    metrics: ["exact_match", "non_empty_rate"],
    perSample: true,
  });
  assertEquals(response.status, 200);
  assertEquals(await response.json(), {
    nSamples: 3,
    normalize: "squad",
    // Squad normalization drops case and punctuation; the third has no
    // reference and retrieved nothing.
    metrics: ["exact_match", "non_empty_rate"],
    aggregate: { exact_match: 0.5, non_empty_rate: 2 / 3 },
    coverage: { exact_match: 2, non_empty_rate: 3 },
    perSample: [
      { exact_match: 1, non_empty_rate: 1 },
      { exact_match: 0, non_empty_rate: 1 },
      { exact_match: null, non_empty_rate: 0 },
    ],
    sampleIds: ["s0", "s1", "s2"],
    responses: ["Paris", "Lyon", ""],
    // The third has no reference.
    bestReferences: ["paris.", "Paris", null],
  });
});

Deno.test("POST /v1/rag answers 400 with the line of a bad sample", async () => {
  await using server = serve(createApp());
  const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
    [
      { samples: '{"response": "a"}\n{"response": 5}\n' },
      "samples:2: ",
      { file: "samples", line: 2 },
    ],
    [
      { samples: [{ question: "q", golden_answers: ["a"] }], input: "answers" },
      'samples:1: missing key "pred_answer" (the response; see the key map)',
      { file: "samples", line: 1 },
    ],
    [
      { samples: "" },
      "samples: no samples",
      { file: "samples", line: 0 },
    ],
    [
      { samples: [{ question: "q" }] },
      "samples: no record has a Ragas field",
      { file: "samples", line: 0 },
    ],
    [
      { samples: [{ response: "a" }], keyMap: { answer: "x" } },
      'Field "keyMap" names unknown part "answer"',
      { field: "keyMap" },
    ],
    [
      { samples: [{ response: "a" }], input: "ragas", keyMap: "response=x" },
      'Field "keyMap" applies to "input": "answers".',
      { field: "keyMap" },
    ],
    [
      { samples: [{ response: "a" }], metrics: ["ndcg@10"] },
      'Metric "ndcg@10" scores ranking inputs, not RAG samples',
      {},
    ],
    [
      { samples: { response: "a" } },
      'Field "samples" must be JSON Lines text or a list of records, got an object.',
      { field: "samples" },
    ],
  ];
  for (const [body, detail, extensions] of cases) {
    const response = await server.post("/v1/rag", body);
    assertEquals(response.status, 400, detail);
    const problem = await response.json();
    assertEquals(
      (problem.detail as string).startsWith(detail),
      true,
      `${problem.detail} !~ ${detail}`,
    );
    for (const [key, value] of Object.entries(extensions)) {
      assertEquals(problem[key], value, key);
    }
  }
});
