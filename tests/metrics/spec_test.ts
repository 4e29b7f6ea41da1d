import { assertEquals, assertThrows } from "../assert.ts";
import { parseSpec, splitSpecList } from "../../metrics/spec.ts";
import { resolve } from "../../metrics/builtin.ts";

Deno.test("parseSpec splits name, parameters and cutoff", () => {
  assertEquals(parseSpec("err(max_rel=3)@20"), {
    name: "err",
    params: { max_rel: 3 },
    cutoff: 20,
    at: "20",
  });
  assertEquals(parseSpec(" rbp( p = 0.9 ) "), {
    name: "rbp",
    params: { p: 0.9 },
    cutoff: undefined,
  });
  assertEquals(parseSpec("ndcg(gain={0:0, 1:1, 2:3})@10").params, {
    gain: { "0": 0, "1": 1, "2": 3 },
  });
  assertEquals(parseSpec("ndcg(gain=exp)").params, { gain: "exp" });
  assertEquals(parseSpec("r-precision").name, "r-precision");
  assertEquals(parseSpec("x()@1").params, {});
});

Deno.test("parseSpec rejects malformed specs with a SyntaxError quoting the spec", () => {
  const bad: [string, string][] = [
    ["", "expected a metric name"],
    ["@10", "expected a metric name"],
    ["ndcg@", 'cutoff must be a positive integer, got ""'],
    ["ndcg@ten", 'got "ten"'],
    ["ndcg@-1", 'got "-1"'],
    ["err(max_rel=3", "missing closing parenthesis"],
    ["err(max_rel)", 'expected key=value, got "max_rel"'],
    ["err(max_rel=)", "empty parameter value"],
    ["err(max_rel=3,max_rel=4)", 'parameter "max_rel" is given twice'],
    ["ndcg(gain={1})", 'expected grade:gain in gain map, got "1"'],
    [
      "ndcg(gain={1:1,1.0:3})",
      'grade 1 is given twice in gain map "{1:1,1.0:3}"',
    ],
    ["ndcg@10x", 'got "10x"'],
    ["ndcg(gain=exp)extra", 'unexpected "extra"'],
    ["P(rel=$)", 'invalid value "$"'],
  ];
  for (const [spec, why] of bad) {
    const error = assertThrows(() => parseSpec(spec), SyntaxError, why);
    assertEquals(
      error.message.startsWith(`Invalid metric spec "${spec}"`),
      true,
      spec,
    );
  }
  // A number after "@" that is no cutoff may be ir_measures' IPrec@0.1.
  assertEquals(parseSpec("IPrec@0.1").at, "0.1");
  assertThrows(() => resolve("ndcg@1.5"), SyntaxError, 'got "1.5"');
  assertThrows(() => resolve("ndcg@0"), RangeError, 'got "0"');
});

Deno.test("labels print the canonical spec back", () => {
  const same: [string, string][] = [
    ["err(max_rel=3)@20", "err(max_rel=3)@20"],
    ["ndcg@10", "ndcg@10"],
    ["nDCG@10", "ndcg@10"],
    ["ndcg_cut_10", "ndcg@10"],
    ["NDCG(gain=linear)@10", "ndcg@10"],
    ["ndcg_burges@10", "ndcg(gain=exp)@10"],
    ["ndcg(gain={2:3,1:1})@5", "ndcg(gain={1:1,2:3})@5"],
    ["rbp(p=0.9)", "rbp(p=0.9)"],
    ["rbp(p=0.8)", "rbp"],
    ["P(rel=2)@5", "P(rel=2)@5"],
    ["P_5", "P@5"],
    ["precision@5", "P@5"],
    ["AP", "ap"],
    ["map", "ap"],
    ["map@100", "ap@100"],
    ["map_cut_10", "ap@10"],
    ["RR@10", "rr@10"],
    ["mrr@10", "rr@10"],
    ["recip_rank", "rr"],
    ["R@100", "recall@100"],
    ["recall_100", "recall@100"],
    ["Rprec", "rprec"],
    ["r-precision", "rprec"],
    ["Bpref", "bpref"],
    ["Success@1", "success@1"],
    ["success_1", "success@1"],
    ["hit_rate@5", "success@5"],
    ["Judged@10", "judged@10"],
    ["infAP", "infap"],
    ["gm_map", "gm_map"],
  ];
  for (const [spec, label] of same) {
    const metric = resolve(spec);
    assertEquals(metric.label, label, spec);
    assertEquals(resolve(metric.label).label, label, `${spec} round trip`);
  }
});

Deno.test("bound metrics are frozen values with their parameters", () => {
  const metric = resolve("err(max_rel=3)@20");
  assertEquals(metric.name, "err");
  assertEquals(metric.params, { max_rel: 3 });
  assertEquals(metric.cutoff, 20);
  assertEquals(metric.aggregate, "mean");
  assertEquals(Object.isFrozen(metric), true);
  assertEquals(Object.isFrozen(metric.params), true);
  assertEquals(resolve("num_rel_ret").aggregate, "sum");
  assertEquals(resolve("gm_map").aggregate, "geometric");
});

Deno.test("unknown metrics fail at once and suggest the closest names", () => {
  assertThrows(
    () => resolve("ndgc@10"),
    TypeError,
    'Unknown metric "ndgc": did you mean "ndcg"',
  );
  assertThrows(() => resolve("presicion@5"), TypeError, '"precision"');
  assertThrows(() => resolve("zzzzzz"), TypeError, 'Unknown metric "zzzzzz"');
});

Deno.test("bad parameters are RangeErrors naming the parameter and value", () => {
  assertThrows(
    () => resolve("rbp(p=1.5)"),
    RangeError,
    'Invalid parameter "p" of metric "rbp"',
  );
  assertThrows(() => resolve("rbp(p=0)"), RangeError, "got 0");
  assertThrows(
    () => resolve("err(max_rel=-1)"),
    RangeError,
    'parameter "max_rel"',
  );
  assertThrows(() => resolve("err(max_rel=high)"), RangeError, 'got "high"');
  // Below 0, unjudged documents (grade -1) would count in the ranking but
  // not in R.
  assertThrows(
    () => resolve("recall(rel=-1)@3"),
    RangeError,
    'Invalid parameter "rel" of metric "recall": expected a number in [0, inf], got -1',
  );
  assertThrows(() => resolve("ndcg(gain=cubic)"), RangeError, 'got "cubic"');
  // A gain for a negative grade (an unjudged document) would be ignored.
  assertThrows(
    () => resolve("ndcg(gain={-1:5})"),
    RangeError,
    'Invalid parameter "gain" of metric "ndcg": expected grades of at least 0, got {"-1":5}',
  );
  assertThrows(
    () => resolve("ndcg(gain={1e400:1})"),
    RangeError,
    "expected grades of at least 0",
  );
  assertThrows(
    () => resolve("ndcg(gainz=exp)"),
    TypeError,
    'Unknown parameter "gainz" of metric "ndcg"',
  );
  assertThrows(
    () => resolve("rprec@10"),
    RangeError,
    'Metric "rprec" takes no cutoff',
  );
  assertThrows(
    () => resolve("P_5@5"),
    SyntaxError,
    "the cutoff is given twice",
  );
  assertThrows(
    () => resolve("P_0"),
    RangeError,
    "cutoff must be a positive integer",
  );
  // As parseSpec refuses "@99999999999999999999": the label would not parse.
  assertThrows(
    () => resolve("ndcg_cut_99999999999999999999"),
    RangeError,
    'cutoff must be a positive integer, got "99999999999999999999"',
  );
});

Deno.test("parameters outside their meaningful range fail at resolve time", () => {
  // Each of these used to score silently: a recall level past 1 gave 0,
  // one below 0 the best precision anywhere, beta2 = -1 gave NaN.
  const bad: [string, string][] = [
    ["iprec_at_recall(recall=1.5)", 'parameter "recall"'],
    ["iprec_at_recall(recall=-0.1)", 'parameter "recall"'],
    ["iprec_at_recall_5", 'parameter "recall"'],
    ["rprec_mult(mult=-1)", 'parameter "mult"'],
    ["Rprec_mult_0", 'parameter "mult"'],
    ["set_F(beta2=-1)", 'parameter "beta2"'],
    ["utility(collection=-5)", 'parameter "collection"'],
    // 2^1100 is Infinity: a document graded 1100 scored NaN.
    ["err(max_rel=1100)", 'parameter "max_rel"'],
    // Graded utility ignored rel.
    ["rbp(rel=2,max_rel=3)", "not both, got rel=2 and max_rel=3"],
  ];
  for (const [spec, why] of bad) {
    assertThrows(() => resolve(spec), RangeError, why);
  }
  for (
    const spec of [
      "iprec_at_recall(recall=0)",
      "iprec_at_recall(recall=1)",
      "set_F(beta2=0)",
    ]
  ) {
    assertEquals(resolve(spec).label, spec);
  }
});

Deno.test("a trec_eval prefix without its number is no metric", () => {
  // "ndcg_cut_" used to resolve to ndcg over the whole ranking.
  assertThrows(
    () => resolve("ndcg_cut_"),
    TypeError,
    'Unknown metric "ndcg_cut_": add a number after the "_", such as "ndcg_cut_10"',
  );
  assertThrows(() => resolve("P_"), TypeError, '"P_10"');
  assertThrows(() => resolve("map_cut_@10"), TypeError, '"map_cut_10"');
  assertThrows(
    () => resolve("iprec_at_recall_"),
    TypeError,
    '"iprec_at_recall_0.5"',
  );
});

// Issue 19: patterns such as /^(.*_)(\d*\.?\d+)$/ took 8.5 s on 100 KB of
// digits and one non-digit. The scanners read each character once: 10 MB
// is refused in well under the generous bound here.
/** Index reads (`text[i]`) of the string `indexed` last made, which splitSpecList reads with. */
let indexReads = 0;

/** `text` as a string whose index reads are counted in `indexReads`. */
function indexed(text: string): string {
  indexReads = 0;
  return new Proxy(new String(text), {
    get(target, key) {
      const index = typeof key === "string" ? Number(key) : NaN;
      if (Number.isInteger(index)) {
        indexReads++;
        return text[index];
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(text) : value;
    },
  }) as unknown as string;
}

Deno.test("a 10 MB digit run followed by a non-digit is refused in linear time", () => {
  const hostile: ((digits: string) => () => unknown)[] = [
    (d) => () => resolve(`ndcg_cut_${d}x`),
    (d) => () => resolve(`iprec_at_recall_0.${d}x`),
    (d) => () => resolve(`x_${d}.${d}x`),
    (d) => () => resolve(`P(rel=${d}.${d}e)`),
    (d) => () => resolve(`ndcg(gain={${d}x:1})`),
    (d) => () => resolve(`ndcg@${d}.${d}x`),
    // Counted through a proxy, slow: a tenth of the length.
    (d) => () => splitSpecList(indexed(`P@5${" ".repeat(d.length / 10)}P@10`)),
  ];
  // How many characters a call reads with charCodeAt or by index, which
  // the spec scanners read with: a count of operations, not a time (a
  // timed comparison failed on a loaded machine).
  const reads = (run: () => unknown) => {
    const original = String.prototype.charCodeAt;
    let count = 0;
    String.prototype.charCodeAt = function (this: string, index: number) {
      count++;
      return original.call(this, index);
    };
    indexReads = 0;
    try {
      run();
    } catch {
      // Refused, as it should be.
    } finally {
      String.prototype.charCodeAt = original;
    }
    return count + indexReads;
  };
  for (const [i, make] of hostile.entries()) {
    // Each input is refused (the last, a list, splits in two).
    if (i < hostile.length - 1) assertThrows(make("1".repeat(100)), Error);
    else assertEquals(make("1".repeat(100))(), ["P@5", "P@10"]);
    const small = reads(make("1".repeat(1_000_000)));
    const large = reads(make("1".repeat(10_000_000)));
    // Linear: ten times the digits, at most ten times the reads (the old
    // patterns were quadratic: 8.5 s already at 100 KB), and at least one
    // read per digit, so the scanner reads them, not a pattern the count
    // cannot see.
    const length = i === hostile.length - 1 ? 1_000_000 : 10_000_000;
    assertEquals(large >= length, true, `case ${i}: ${large} reads`);
    assertEquals(
      large <= 10 * small,
      true,
      `case ${i}: 1 MB ${small} reads, 10 MB ${large}`,
    );
  }
});

Deno.test("measure lists split at spaces and top-level commas", () => {
  assertEquals(splitSpecList("nDCG@10 P@5 AP"), ["nDCG@10", "P@5", "AP"]);
  assertEquals(splitSpecList("ndcg@10,P@5, AP"), ["ndcg@10", "P@5", "AP"]);
  assertEquals(splitSpecList("SetF(rel=1, beta=0.5) nDCG(gains={0:1, 1:4})"), [
    "SetF(rel=1, beta=0.5)",
    "nDCG(gains={0:1, 1:4})",
  ]);
  assertEquals(splitSpecList("nDCG(dcg='exp, log2')@10"), [
    "nDCG(dcg='exp, log2')@10",
  ]);
  assertEquals(splitSpecList("P (rel=2) @ 5 R@10"), ["P (rel=2) @ 5", "R@10"]);
  assertThrows(() => splitSpecList("P(rel=2"), SyntaxError, "unclosed");
});

Deno.test("ir_measures' spellings of values parse", () => {
  assertEquals(parseSpec("P(judged_only=True)@4").params, {
    judged_only: true,
  });
  assertEquals(parseSpec("Compat(normalize=False)").params, {
    normalize: false,
  });
  assertEquals(parseSpec(`nDCG(dcg='exp-log2')@10`).params, {
    dcg: "exp-log2",
  });
  assertEquals(parseSpec(`nDCG(dcg="exp-log2")`).params, { dcg: "exp-log2" });
  assertEquals(parseSpec("nDCG(gains={0:1,1:4,})").params, {
    gains: { "0": 1, "1": 4 },
  });
  assertEquals(resolve("IPrec@0.1").label, "iprec_at_recall(recall=0.1)");
  assertEquals(resolve("IPrec@0").label, "iprec_at_recall(recall=0)");
  assertEquals(resolve("P(cutoff=5)").label, "P@5");
  assertEquals(resolve("Judged(cutoff=1000)").label, "judged@1000");
  assertEquals(resolve("SetF(beta=0.5)").label, "set_F(beta2=0.5)");
  assertEquals(resolve("nDCG(gains={0:1,1:4})").label, "ndcg(gain={0:1,1:4})");
  assertEquals(resolve("NDCG@10").label, "ndcg@10");
  assertEquals(resolve("ndcg_burges@10").label, "ndcg(gain=exp)@10");
  assertEquals(resolve("dcg_burges@10").label, "dcg(gain=exp)@10");
  assertEquals(resolve("f1@10").label, "f1@10");
  assertEquals(resolve("hits@10").label, "hits@10");
  assertEquals(resolve("hit_rate@10").label, "success@10");
  assertThrows(
    () => resolve("P(cutoff=5)@5"),
    SyntaxError,
    "the cutoff is given twice",
  );
  assertThrows(
    () => resolve("P(judged_only=maybe)"),
    RangeError,
    "expected True or False",
  );
  assertThrows(() => resolve("P(rel='2"), SyntaxError, "unclosed quote");
});
