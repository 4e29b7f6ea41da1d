// Properties every ranking metric must keep, on seeded random queries.
import { assertAlmostEquals, assertEquals } from "../assert.ts";
import { JudgedRanking } from "../../model/judged_ranking.ts";
import { BUILTIN_METRICS, resolve } from "../../metrics/builtin.ts";

function random(seed: number): () => number {
  // mulberry32: small, well-known, deterministic.
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BOUNDED = [
  "ndcg",
  "ndcg@10",
  "ndcg(gain=exp)@5",
  "ap",
  "ap@10",
  "rr",
  "P@5",
  "P",
  "recall@10",
  "rprec",
  "bpref",
  "infAP",
  "success@3",
  "err@10",
  "rbp(p=0.9)",
  "rbp(max_rel=3)",
  "judged@10",
  "recall_all@20",
];

function query(rand: () => number) {
  const judgements = new Map<string, number>();
  const docs: string[] = [];
  const n = Math.floor(rand() * 30);
  for (let i = 0; i < 40; i++) {
    const id = `d${i}`;
    const r = rand();
    if (r < 0.5) {
      judgements.set(id, Math.floor(rand() * 4) - (rand() < 0.1 ? 2 : 0));
    }
    if (docs.length < n && rand() < 0.7) docs.push(id);
  }
  return { docs, judgements };
}

Deno.test("every metric stays within [0, 1]", () => {
  const rand = random(1);
  for (let q = 0; q < 300; q++) {
    const { docs, judgements } = query(rand);
    const ranking = JudgedRanking.from("q", docs, judgements);
    for (const spec of BOUNDED) {
      const v = resolve(spec).score(ranking);
      if (!(v >= 0 && v <= 1 + 1e-12)) {
        throw new Error(`${spec} = ${v} on query ${q}`);
      }
    }
  }
});

Deno.test("the ideal ranking scores 1", () => {
  const rand = random(2);
  for (let q = 0; q < 100; q++) {
    const { judgements } = query(rand);
    const ideal = [...judgements].filter(([, g]) => g >= 1).sort((a, b) =>
      b[1] - a[1]
    ).map(([d]) => d);
    if (ideal.length === 0) continue;
    const ranking = JudgedRanking.from("q", ideal, judgements);
    for (
      const spec of [
        "ndcg",
        "ndcg@5",
        "ndcg(gain=exp)@10",
        "ap",
        "rr",
        "rprec",
        "bpref",
        "recall_all@1000",
        "P@1",
        "success@1",
      ]
    ) {
      assertAlmostEquals(resolve(spec).score(ranking), 1, 1e-12, spec);
    }
  }
});

Deno.test("the order of the qrels does not matter", () => {
  const rand = random(3);
  for (let q = 0; q < 100; q++) {
    const { docs, judgements } = query(rand);
    const shuffled = new Map([...judgements].sort(() => rand() - 0.5));
    const a = JudgedRanking.from("q", docs, judgements);
    const b = JudgedRanking.from("q", docs, shuffled);
    for (const spec of BOUNDED) {
      assertEquals(resolve(spec).score(a), resolve(spec).score(b), spec);
    }
  }
});

Deno.test("every metric that declares readsToCutoff reads nothing below its cutoff", () => {
  // The evaluator stops building rankings at the deepest such cutoff, so a
  // wrong declaration would silently change scores.
  const rand = random(5);
  const declared = BUILTIN_METRICS.filter((d) =>
    d.readsToCutoff && d.cutoff !== "none"
  );
  assertEquals(declared.length >= 10, true);
  for (let q = 0; q < 100; q++) {
    const { docs, judgements } = query(rand);
    const full = JudgedRanking.from("q", docs, judgements);
    const cut = JudgedRanking.from("q", docs.slice(0, 5), judgements);
    for (const definition of declared) {
      const metric = resolve(`${definition.name}@5`);
      assertEquals(metric.depth, 5, metric.label);
      assertEquals(metric.score(full), metric.score(cut), metric.label);
    }
  }
});

Deno.test("metrics at a cutoff never look past it", () => {
  const rand = random(4);
  for (let q = 0; q < 100; q++) {
    const { docs, judgements } = query(rand);
    const full = JudgedRanking.from("q", docs, judgements);
    const cut = JudgedRanking.from("q", docs.slice(0, 5), judgements);
    for (
      const spec of [
        "ndcg@5",
        "ap@5",
        "rr@5",
        "P@5",
        "recall@5",
        "err@5",
        "rbp@5",
        "judged@5",
        "success@5",
      ]
    ) {
      assertEquals(resolve(spec).score(full), resolve(spec).score(cut), spec);
    }
  }
});

Deno.test("no built-in metric is NaN or infinite on a degenerate query", () => {
  // The queries evaluation meets at the edges: a query the run missed
  // (averageOverQrels scores it as an empty ranking), nothing judged, only
  // nonrelevant or negative judgements.
  const rankings = {
    missed: JudgedRanking.from("q", [], new Map([["a", 1], ["b", 0]])),
    "missed, nothing judged": JudgedRanking.from("q", [], new Map()),
    "nothing judged": JudgedRanking.from("q", ["x"], new Map()),
    "only nonrelevant": JudgedRanking.from("q", ["a"], new Map([["a", 0]])),
    "only negative": JudgedRanking.from("q", ["a"], new Map([["a", -1]])),
  };
  const required: Record<string, string> = {
    iprec_at_recall: "(recall=0)",
    rprec_mult: "(mult=1)",
    inst: "(max_rel=1)",
    insq: "(max_rel=1)",
    bpm: "(max_rel=1)",
    sdcg: "(max_rel=1)",
    nerr8: "(max_rel=1)",
    nerr9: "(max_rel=1)",
    nerr10: "(max_rel=1)",
    nerr11: "(max_rel=1)",
  };
  for (const definition of BUILTIN_METRICS) {
    const spec = definition.name + (required[definition.name] ?? "") +
      (definition.cutoff === "required" ? "@5" : "");
    const metric = resolve(spec);
    for (const [name, ranking] of Object.entries(rankings)) {
      // Undefined there (Accuracy without a relevant and a nonrelevant
      // document): the evaluator leaves the query out of its mean.
      if (metric.appliesTo && !metric.appliesTo(ranking)) continue;
      const value = metric.score(ranking);
      assertEquals(Number.isFinite(value), true, `${spec}, ${name}: ${value}`);
    }
  }
});
