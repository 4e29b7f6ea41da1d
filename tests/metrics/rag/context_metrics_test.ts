// Hand-worked values of the context metrics: lexical context_recall and
// context_precision (the ef seed's examples), the id-based pair (as Ragas'
// IDBasedContextPrecision/Recall) and non_empty_rate.
import { assertAlmostEquals, assertEquals } from "../../assert.ts";
import { evaluateRag } from "../../../metrics/rag/evaluate.ts";
import { score } from "./_score.ts";

Deno.test("the ef seed's context examples", () => {
  assertEquals(
    score("context_precision", {
      reference: "paris",
      retrieved_contexts: ["Paris is in France.", "Unrelated text."],
    }),
    0.5,
  );
  assertEquals(
    score("context_recall", {
      reference: "paris france",
      retrieved_contexts: ["Paris is the capital of France."],
    }),
    1,
  );
  assertEquals(
    score("context_recall", {
      reference: "paris france",
      retrieved_contexts: ["London is in England."],
    }),
    0,
  );
});

Deno.test("context_recall counts distinct reference tokens over all contexts", () => {
  // Reference tokens {paris, capital, of, france}; paris and france found.
  const sample = {
    reference: "Paris, Paris: the capital of France",
    retrieved_contexts: ["I love Paris", "France is big"],
  };
  assertEquals(score("context_recall", sample), 0.5);
  // Best of several references: the second is fully found.
  assertEquals(
    score("context_recall", {
      references: ["Paris", "Lyon France"],
      retrieved_contexts: ["Lyon is in France"],
    }),
    1,
  );
  // Nothing retrieved: nothing recalled.
  assertEquals(
    score("context_recall", { reference: "Paris", retrieved_contexts: [] }),
    0,
  );
});

Deno.test("context_precision: contexts sharing a token with the best reference", () => {
  const retrieved_contexts = [
    "Zürich is in Switzerland",
    "Genf liegt am Genfersee",
    "东京是日本的首都",
    "nothing here",
  ];
  assertEquals(
    score("context_precision", { reference: "Zürich", retrieved_contexts }),
    0.25,
  );
  // Under unicode, 东京 shares characters with the third context only;
  // Genfersee the second.
  assertEquals(
    score("context_precision", {
      references: ["东京", "Genfersee Zürich"],
      retrieved_contexts,
    }, "unicode"),
    0.5,
  );
  // Nothing retrieved scores 0 and counts.
  assertEquals(
    score("context_precision", { reference: "Paris", retrieved_contexts: [] }),
    0,
  );
});

Deno.test("lexical context metrics skip what they cannot judge", () => {
  for (const spec of ["context_recall", "context_precision"]) {
    // No contexts listed, no reference, or a reference with no tokens.
    assertEquals(score(spec, { reference: "Paris" }), null, spec);
    assertEquals(score(spec, { retrieved_contexts: ["Paris"] }), null, spec);
    assertEquals(
      score(spec, { reference: "The", retrieved_contexts: ["Paris"] }),
      null,
      spec,
    );
    // An empty response does not matter to them.
    assertEquals(
      score(spec, {
        response: "",
        reference: "Paris",
        retrieved_contexts: ["Paris"],
      }),
      1,
      spec,
    );
  }
});

Deno.test("id metrics compare ids as text and count each once", () => {
  const sample = {
    retrieved_context_ids: [1, "2", 3, 3],
    reference_context_ids: ["1", 4],
  };
  // Distinct retrieved {1, 2, 3}, reference {1, 4}: one shared.
  assertAlmostEquals(score("id_context_precision", sample)!, 1 / 3);
  assertEquals(score("id_context_recall", sample), 0.5);
  assertEquals(score("id_based_context_recall", sample), 0.5);
});

Deno.test("id metrics: nothing retrieved scores 0, no reference id skips", () => {
  const nothingRetrieved = {
    retrieved_context_ids: [],
    reference_context_ids: ["d1"],
  };
  assertEquals(score("id_context_precision", nothingRetrieved), 0);
  assertEquals(score("id_context_recall", nothingRetrieved), 0);
  const nothingRelevant = {
    retrieved_context_ids: ["d1"],
    reference_context_ids: [],
  };
  assertEquals(score("id_context_precision", nothingRelevant), 0);
  assertEquals(score("id_context_recall", nothingRelevant), null);
  for (const spec of ["id_context_precision", "id_context_recall"]) {
    assertEquals(score(spec, { retrieved_context_ids: ["d1"] }), null, spec);
    assertEquals(score(spec, { reference_context_ids: ["d1"] }), null, spec);
  }
});

Deno.test("Ragas' names give Ragas' id-based values: nothing retrieved is NaN there, left out here", async () => {
  const reference = JSON.parse(
    await Deno.readTextFile(
      new URL(
        "../../testdata/rag/ragas_id_context_reference.json",
        import.meta.url,
      ),
    ),
  );
  const names = ["id_based_context_precision", "id_based_context_recall"];
  const result = evaluateRag(reference.samples, { metrics: names });
  assertEquals(result.metrics, [
    "id_context_precision(none_retrieved=skip)",
    "id_context_recall",
  ]);
  names.forEach((name, k) => {
    const label = result.metrics[k];
    assertEquals(
      result.perSample.map((values) => values[label]),
      reference[name].perSample,
      name,
    );
    assertEquals(result.aggregate[label], reference[name].mean, name);
  });
  // ranklens' own name keeps its rule: nothing retrieved scores 0.
  assertEquals(
    evaluateRag(reference.samples, { metrics: ["id_context_precision"] })
      .aggregate.id_context_precision,
    (1 / 3 + 0 + 0 + 0.5 + 0 + 1) / 6,
  );
});

Deno.test("non_empty_rate: did retrieval return anything", () => {
  assertEquals(score("non_empty_rate", { retrieved_contexts: ["x"] }), 1);
  assertEquals(score("non_empty_rate", { retrieved_contexts: [] }), 0);
  assertEquals(score("non_empty_rate", { retrieved_context_ids: ["d1"] }), 1);
  assertEquals(
    score("non_empty_rate", {
      retrieved_contexts: [],
      retrieved_context_ids: [],
    }),
    0,
  );
  assertEquals(score("non_empty_rate", { response: "Paris" }), null);
});
