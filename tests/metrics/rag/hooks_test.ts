import { assertEquals, assertThrows } from "../../assert.ts";
import { Registry } from "../../../metrics/registry.ts";
import type { MetricDefinition } from "../../../metrics/metric.ts";

// A toy sample kind: the length of a word, defined for non-empty words only,
// whose corpus value is total length over word count (not a mean of ratios).
const letters: MetricDefinition<string> = {
  name: "letters",
  kind: "toy",
  description: "letters per word over the corpus",
  cutoff: "none",
  aggregate: "corpus",
  appliesTo: (word) => word !== "",
  create: () => (word) => word.length,
  createCorpus: () => (words) =>
    words.reduce((n, w) => n + w.length, 0) / words.length,
};

Deno.test("appliesTo and createCorpus reach the bound metric", () => {
  const metric = new Registry().register(letters).resolve<string>("letters");
  assertEquals(metric.aggregate, "corpus");
  assertEquals(metric.appliesTo!(""), false);
  assertEquals(metric.appliesTo!("ab"), true);
  assertEquals(metric.score("abc"), 3);
  assertEquals(metric.scoreCorpus!(["a", "abc"]), 2);
});

Deno.test("a metric without hooks binds without them", () => {
  const metric = new Registry().register<string>({
    name: "plain",
    kind: "toy",
    description: "always one",
    create: () => () => 1,
  }).resolve<string>("plain");
  assertEquals("appliesTo" in metric, false);
  assertEquals("scoreCorpus" in metric, false);
});

Deno.test("ranking metrics cannot take the hooks the ranking evaluator ignores", () => {
  assertThrows(
    () => new Registry().register({ ...letters, kind: undefined }),
    TypeError,
    'Metric "letters": appliesTo and createCorpus are for kinds other than ranking',
  );
});

Deno.test('aggregate "corpus" and createCorpus go together', () => {
  assertThrows(
    () => new Registry().register({ ...letters, createCorpus: undefined }),
    TypeError,
    'aggregate "corpus" and createCorpus go together',
  );
  assertThrows(
    () => new Registry().register({ ...letters, aggregate: "mean" }),
    TypeError,
    'aggregate "corpus" and createCorpus go together',
  );
});
