/**
 * Writes the differential cases of `ranklens trec_eval`: edge-case qrels,
 * runs and other inputs under `tests/testdata/trec_eval/cases/<dataset>/`,
 * and for each command `<id>.json` (the arguments, the exact command line
 * that produced the reference, the exit status and stderr) and
 * `<id>.expected` (stdout, byte for byte).
 *
 * The inputs come from a seeded generator, so every run writes the same
 * bytes. Expected outputs come from the real trec_eval binaries, run only
 * here, never from a test:
 *
 *     deno run -A tests/trec_eval/generate_cases.ts --te10 /work/ref/te10/trec_eval --te9 /work/ref/te9/trec_eval
 *
 * Where ranklens deliberately differs from trec_eval 10.0 (its crashes and
 * the behaviour its help contradicts), the expected output is derived
 * independently and the case says how (`reference` and `note`).
 *
 * @module
 */

import { dirname, join } from "node:path";
import { byteString, stringBytes } from "../../trec_eval/lines.ts";

const OUT = new URL("../testdata/trec_eval/cases/", import.meta.url).pathname;

/** A file's content as a byte string (one character per byte). */
type Bytes = string;

/** Where a command's expected output comes from. */
type Reference =
  | { readonly binary: "te10" | "te9" }
  | {
    readonly derive: "te10";
    readonly args: string[];
    readonly rename?: [string, string];
    readonly why: string;
  }
  | {
    readonly merge: (string[] | { python: string[] })[];
    readonly why: string;
  }
  | { readonly python: string[]; readonly why: string };

interface Command {
  readonly id: string;
  readonly args: string[];
  readonly reference: Reference;
}

interface Dataset {
  readonly name: string;
  readonly files: Record<string, Bytes>;
  readonly commands: Command[];
}

/** UTF-8 bytes of text, as a byte string. */
const u = (text: string): Bytes => byteString(new TextEncoder().encode(text));

/** mulberry32: a small seeded generator, so the data never changes. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T =>
      items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
}

type Random = ReturnType<typeof generator>;

interface Judged {
  qid: string;
  docno: string;
  rel: string;
}

interface Retrieved {
  qid: string;
  docno: string;
  score: string;
  tag?: string;
}

const qrelsText = (lines: Judged[], eol = "\n") =>
  lines.map((l) => `${l.qid} 0 ${l.docno} ${l.rel}${eol}`).join("");

const runText = (lines: Retrieved[], eol = "\n") =>
  lines.map((l, i) =>
    `${l.qid} Q0 ${l.docno} ${i + 1} ${l.score} ${l.tag ?? "gen"}${eol}`
  ).join("");

/** A topic: judged documents with grades, and a ranked list with scores. */
function topic(
  r: Random,
  qid: string,
  options: {
    pool: number;
    judged: number;
    retrieved: number;
    grades: readonly number[];
    scores: () => string;
    docno?: (i: number) => string;
  },
): { judged: Judged[]; run: Retrieved[] } {
  const name = options.docno ?? ((i: number) => `${qid}-d${i}`);
  const pool = Array.from({ length: options.pool }, (_, i) => name(i));
  const judged = r.shuffle([...pool]).slice(0, options.judged).map((docno) => ({
    qid,
    docno,
    rel: String(r.pick(options.grades)),
  }));
  const run = r.shuffle([...pool]).slice(0, options.retrieved).map((docno) => ({
    qid,
    docno,
    score: options.scores(),
  }));
  return { judged: r.shuffle(judged), run };
}

const te = (id: string, args: string[]): Command => ({
  id,
  args,
  reference: { binary: "te10" },
});

const te9 = (id: string, args: string[]): Command => ({
  id,
  args: ["--trec-version", "9", ...args],
  reference: { binary: "te9" },
});

const GRADES = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 12, -1, -3];

function graded(): Dataset {
  const r = generator(1);
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["10", "100", "2", "9", "B", "a", "Z"]) {
    const t = topic(r, qid, {
      pool: r.int(30, 90),
      judged: r.int(10, 40),
      retrieved: r.int(5, 80),
      grades: qid === "Z" ? [0, 0, -1] : GRADES,
      scores: () => String(r.int(0, 40) / 4),
    });
    judged.push(...t.judged);
    run.push(...t.run);
  }
  run.push({ qid: "999", docno: "x", score: "1" });
  const files = { qrels: qrelsText(judged), run: runText(r.shuffle(run)) };
  const gains =
    "-m G.1=2,2=5,12=0 -m ndcg_rel.2=10 -m Rndcg.0=1,1=3 -m ndcg.3=2,4=8";
  return {
    name: "graded",
    files,
    commands: [
      te("official", ["qrels", "run"]),
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("all_trec_c", ["-q", "-c", "-m", "all_trec", "qrels", "run"]),
      te("level2", [
        "-q",
        "-l2",
        "-m",
        "all_trec",
        "-m",
        "relstring.15",
        "qrels",
        "run",
      ]),
      te("level0", ["-q", "-l0", "-m", "all_trec", "qrels", "run"]),
      te("judged_only", ["-q", "-J", "-m", "all_trec", "qrels", "run"]),
      te("depth7", ["-q", "-M7", "-m", "all_trec", "qrels", "run"]),
      te("no_summary", ["-n", "-q", "-m", "map", "-m", "P.3", "qrels", "run"]),
      te("dcg", [
        "-q",
        "-m",
        "dcg",
        "-m",
        "ideal_dcg",
        "-m",
        "yaap",
        "-m",
        "set",
        "qrels",
        "run",
      ]),
      te("gains", ["-q", ...gains.split(" "), "qrels", "run"]),
      te("rbp", ["-q", "-m", "rbp", "-m", "rbp_resid.p=0.8", "qrels", "run"]),
      te("params", [
        "-q",
        "-m",
        "P.7",
        "-m",
        "all_trec",
        "-m",
        "P.9",
        "-m",
        "iprec_at_recall..10,.20,0.33",
        "-m",
        "11pt_avg.0.5,0.25,1",
        "-m",
        "set_F.0.5",
        "-m",
        "utility.1,-2,0.5,0.1",
        "-N",
        "1000",
        "-m",
        "success.1,3",
        "-m",
        "unj.1,3,100",
        "-m",
        "relative_P.2,1",
        "-m",
        "map_cut.3",
        "-m",
        "Rprec_mult.1.5,0.5",
        "-m",
        "ndcg_cut.4,2",
        "qrels",
        "run",
      ]),
      te("long_options", [
        "--query_eval_wanted",
        "--measure=P.5",
        "--meas",
        "recip_rank",
        "qrels",
        "--Max_retrieved_per_topic=3",
        "run",
        "-qc",
      ]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te9("v9_official", ["qrels", "run"]),
      te9("v9_level2", ["-q", "-l2", "-J", "-m", "all_trec", "qrels", "run"]),
      {
        id: "rbp_p",
        args: ["-q", "-m", "rbp.p=0.5", "qrels", "run"],
        reference: {
          python: ["rbp_reference.py", "qrels", "run", "p=0.5", "-q"],
          why:
            "trec_eval 10.0's rbp reads uninitialised memory once p= is given; the expected values are the documented formula, computed by tests/trec_eval/rbp_reference.py",
        },
      },
      {
        id: "rbp_after_yaap",
        args: ["-q", "-m", "yaap", "-m", "rbp", "qrels", "run"],
        reference: {
          merge: [
            ["-q", "-m", "yaap", "qrels", "run"],
            { python: ["rbp_reference.py", "qrels", "run", "-", "-q"] },
          ],
          why:
            "trec_eval 10.0's rbp never initialises the gain range it normalises by, so its values depend on the measure computed before it (here yaap); yaap comes from trec_eval 10.0 and rbp from the documented formula (tests/trec_eval/rbp_reference.py)",
        },
      },
      {
        id: "rbp_p_gains",
        args: ["-m", "rbp.p=0.95,2=5,12=1", "qrels", "run"],
        reference: {
          python: ["rbp_reference.py", "qrels", "run", "p=0.95,2=5,12=1"],
          why:
            "as rbp_p, with gains: the documented formula, computed by tests/trec_eval/rbp_reference.py",
        },
      },
      {
        id: "ndcg_gains_dcg",
        args: [
          "-q",
          "-m",
          "ndcg.1=3,2=9",
          "-m",
          "dcg",
          "-m",
          "ideal_dcg",
          "qrels",
          "run",
        ],
        reference: {
          merge: [
            ["-q", "-m", "dcg", "-m", "ideal_dcg", "qrels", "run"],
            ["-q", "-m", "ndcg.1=3,2=9", "qrels", "run"],
          ],
          why:
            "trec_eval 10.0 applies ndcg's gains to dcg and ideal_dcg too and crashes at exit; each measure takes its own parameters, so the expected output merges two separate trec_eval 10.0 runs",
        },
      },
    ],
  };
}

function missing(): Dataset {
  const r = generator(2);
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["1", "2", "3", "4", "5"]) {
    const t = topic(r, qid, {
      pool: 40,
      judged: 20,
      retrieved: 25,
      grades: GRADES,
      scores: () => (r.next() * 10).toFixed(3),
    });
    if (qid !== "5") judged.push(...t.judged);
    if (qid === "2" || qid === "4" || qid === "5") run.push(...t.run);
  }
  const present = judged.filter((j) => j.qid === "2" || j.qid === "4");
  const skip =
    "trec_eval 10.0 stops with status 4 on a qrels topic missing from the run without -c, against its help; the topic is skipped, so the expected output is trec_eval 10.0 on the qrels without topics 1 and 3";
  return {
    name: "missing",
    files: {
      qrels: qrelsText(judged),
      run: runText(run),
      "qrels.present": qrelsText(present),
    },
    commands: [
      te("complete", ["-q", "-c", "-m", "all_trec", "qrels", "run"]),
      te("complete_official", ["-c", "qrels", "run"]),
      te("complete_params", [
        "-q",
        "-c",
        "-m",
        "utility.2,-1,0,0",
        "-m",
        "relstring.5",
        "-m",
        "rbp_resid.p=0.8",
        "-m",
        "num_ret",
        "-m",
        "unj.2",
        "-m",
        "gm_map",
        "-m",
        "gm_bpref",
        "-m",
        "num_rel",
        "-m",
        "yaap",
        "qrels",
        "run",
      ]),
      te("complete_level2", [
        "-q",
        "-c",
        "-l2",
        "-m",
        "num_rel",
        "-m",
        "map",
        "qrels",
        "run",
      ]),
      te9("v9_complete", ["-q", "-c", "-m", "all_trec", "qrels", "run"]),
      te9("v9_skip", ["-q", "-m", "all_trec", "qrels", "run"]),
      {
        id: "skip",
        args: ["-q", "-m", "all_trec", "qrels", "run"],
        reference: {
          derive: "te10",
          args: ["-q", "-m", "all_trec", "qrels.present", "run"],
          why: skip,
        },
      },
    ],
  };
}

function rounding(): Dataset {
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  const rel = (qid: string, n: number) => {
    for (let i = 1; i <= n; i++) judged.push({ qid, docno: `r${i}`, rel: "1" });
  };
  const ranked = (qid: string, docnos: string[]) =>
    docnos.forEach((docno, i) =>
      run.push({ qid, docno, score: String(1000 - i) })
    );
  const nonrel = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
  rel("a32", 32);
  ranked("a32", [...nonrel(31), "r1", ...nonrel(40).map((d) => `x${d}`)]);
  rel("b32", 32);
  ranked("b32", ["r1", "r2", "r3", ...nonrel(30), "r4", "r5"]);
  rel("c16", 16);
  ranked("c16", ["r1", ...nonrel(20)]);
  rel("d32", 32);
  ranked("d32", [...nonrel(31), "r9"]);
  for (let i = 0; i < 8; i++) {
    judged.push({ qid: "c16", docno: `n${i}`, rel: "0" });
  }
  return {
    name: "rounding",
    files: { qrels: qrelsText(judged), run: runText(run) },
    commands: [
      te("official", ["-q", "qrels", "run"]),
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("ndcg_gain2", ["-q", "-m", "ndcg.1=2", "qrels", "run"]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      {
        id: "ndcg_gain_half",
        args: ["-q", "-m", "ndcg.1=0.5", "qrels", "run"],
        reference: {
          derive: "te10",
          args: ["-q", "-m", "ndcg.1=2", "qrels", "run"],
          rename: ["ndcg_1=2", "ndcg_1=0.5"],
          why:
            "trec_eval 10.0 sorts gains by their integer-truncated difference, puts 0.5 below 0 and scores every topic 0; nDCG is unchanged by scaling every gain by 4 (exactly, in binary), so the expected output is trec_eval 10.0's for ndcg.1=2 under the name ndcg_1=0.5",
        },
      },
    ],
  };
}

function ids(): Dataset {
  const r = generator(4);
  const names = [
    "a",
    "A",
    "b",
    "B",
    "10",
    "9",
    "100",
    "doc#1",
    "#lead",
    "x".repeat(300) + "-long",
    "caf\u00e9",
    "\u4e2d\u6587",
    "\u{1F600}smile",
    "\uFF01bang",
    "doc\u00a0one",
    "doc\u3000two",
    "\uFEFFbom",
    "zz",
  ].map(u);
  names.push("lat\xe9in", "raw\xff\xfe");
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["q1", u("q\u00e9"), u("\u03a9"), "q\xe9", "Q2"]) {
    for (const docno of names) {
      if (r.chance(0.6)) {
        judged.push({ qid, docno, rel: String(r.pick([0, 1, 2, -1])) });
      }
      if (r.chance(0.8)) {
        run.push({
          qid,
          docno,
          score: qid === "Q2" ? "1" : String(r.int(0, 3)),
        });
      }
    }
    judged.push({ qid, docno: "anchor", rel: "1" });
    run.push({ qid, docno: "anchor", score: "2" });
  }
  return {
    name: "ids",
    files: {
      qrels: qrelsText(r.shuffle(judged)),
      run: runText(r.shuffle(run)),
    },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("relstring", [
        "-q",
        "-m",
        "relstring.30",
        "-m",
        "num_ret",
        "qrels",
        "run",
      ]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
    ],
  };
}

function formats(): Dataset {
  const scores = [
    "1.5abc",
    "abc",
    "+.5",
    "5.",
    "1e-3",
    "1E+2",
    "0x1p1",
    "inf",
    "-inf",
    "-0",
    "0",
    "0.001",
    "2",
    "-1.5e1",
    "1e+2",
    "100",
  ];
  const run = [
    "# a comment first\r\n",
    ...scores.map((s, i) => `t1\tQ0 d${i} ${i} ${s}\tA extra fields\r\n`),
    "\r\n",
    "   \t\r\n",
    "   # an indented comment\r\n",
    ...scores.map((s, i) => `t2 Q0 e${i} ${i}  ${s} B\x0b\r\n`),
    ...scores.map((s, i) => `t1\x0cQ0 f${i} 0 ${s} C   \r\n`),
    "t3 x y z 4.5 LAST",
  ].join("");
  const qrels = [
    "t1 0 d0 1\r\n",
    "# a single comment line\r\n",
    "t1 0 d3 2.9\r\n",
    "t1\t0\td5\t+2\r\n",
    "t1 0 d7 x\r\n",
    "t1 0 d8 -0\r\n",
    "t1 0 f1 1   \r\n",
    "t1 0 f6 3\r\n",
    "t2 0 e4 1\r\n",
    "# another single comment\r\n",
    "t2 0 e2 0\r\n",
    "t2 0 e9 2\r\n",
    "t3 0 y 1\r\n",
    "t3 0 z 1",
  ].join("");
  return {
    name: "formats",
    files: { qrels, run },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("official", ["qrels", "run"]),
    ],
  };
}

function formatsV9(): Dataset {
  const r = generator(6);
  const lines: string[] = [];
  const judged: string[] = [];
  for (const qid of ["f1", "f2"]) {
    for (let i = 0; i < 30; i++) {
      const score = r.pick(["1e-3", "1E+2", "+.5", "5.", "7", "0.001", "2.50"]);
      lines.push(`${qid}\tQ0 d${i} ${i} ${score} T${i}\r\n`);
      if (r.chance(0.3)) lines.push("\r\n");
      if (r.chance(0.5)) judged.push(`${qid} 0 d${i} ${r.pick([0, 1, 2])}\r\n`);
    }
  }
  return {
    name: "formats_v9",
    files: { qrels: judged.join(""), run: lines.join("") },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
    ],
  };
}

function deep(): Dataset {
  const r = generator(7);
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["d1", "d2"]) {
    const t = topic(r, qid, {
      pool: 4000,
      judged: 600,
      retrieved: 2500,
      grades: [0, 0, 1, 2],
      scores: () => r.next().toFixed(4),
    });
    judged.push(...t.judged);
    run.push(...t.run);
  }
  return {
    name: "deep",
    files: { qrels: qrelsText(judged), run: runText(run) },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("depth1000", [
        "-q",
        "-M1000",
        "-m",
        "P",
        "-m",
        "recall",
        "qrels",
        "run",
      ]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
    ],
  };
}

function odd(): Dataset {
  const judged: Judged[] = [
    { qid: "e1", docno: "a", rel: "1" },
    { qid: "e1", docno: "b", rel: "2" },
    { qid: "e2", docno: "x", rel: "-1" },
    { qid: "e2", docno: "y", rel: "-1" },
    { qid: "e3", docno: "a", rel: "0" },
    { qid: "e3", docno: "b", rel: "0" },
    { qid: "e4", docno: "only", rel: "3" },
    { qid: "e5", docno: "u1", rel: "1" },
  ];
  const run: Retrieved[] = [
    { qid: "e1", docno: "b", score: "3" },
    { qid: "e1", docno: "a", score: "1" },
    { qid: "e2", docno: "x", score: "1" },
    { qid: "e2", docno: "z", score: "2" },
    { qid: "e3", docno: "a", score: "1" },
    { qid: "e4", docno: "only", score: "1" },
    { qid: "e5", docno: "n1", score: "2" },
    { qid: "e5", docno: "n2", score: "1" },
  ];
  // A first topic judged only with negative grades: trec_eval 10.0 finds no
  // grade counts to reuse and fails (or crashes below -1).
  const negative = "a0 0 x -3\na0 0 y -1\n";
  const negativeRun = "a0 Q0 x 1 2 t\na0 Q0 z 2 1 t\n";
  return {
    name: "odd",
    files: {
      qrels: qrelsText(judged),
      run: runText(run),
      "qrels.negative_first": negative + qrelsText(judged),
      "qrels.negative_first.padded": negative + "a0 0 unretrieved 0\n" +
        qrelsText(judged),
      "run.negative_first": negativeRun + runText(run),
    },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te("judged_only", ["-q", "-J", "-m", "all_trec", "qrels", "run"]),
      te("level0", ["-q", "-l0", "-m", "all_trec", "qrels", "run"]),
      te("level3", ["-q", "-l3", "-m", "all_trec", "qrels", "run"]),
      te("depth0", ["-q", "-M0", "-m", "all_trec", "qrels", "run"]),
      te9("v9_judged_only", ["-q", "-J", "-m", "all_trec", "qrels", "run"]),
      // Cutoffs past a long saturate, as glibc's atol does.
      te("huge_cutoffs", [
        "-q",
        "-m",
        "P.111111111111111111111111",
        "-m",
        "ndcg_cut.18446744073709551617",
        "-m",
        "recall.12345678901234567",
        "qrels",
        "run",
      ]),
      {
        id: "far_cutoffs",
        args: ["-q", "-m", "P.3000000000,5", "qrels", "run"],
        reference: {
          merge: [
            ["-q", "-m", "P.5", "qrels", "run"],
            ["-q", "-m", "P.3000000000", "qrels", "run"],
          ],
          why:
            "trec_eval 10.0 sorts integer cutoffs by their difference truncated to an int, so cutoffs 2^31 or more apart stay out of order, and its cutoff walk, which expects them ascending, gives wrong values (P_5 1.5100 on the bundled example); each cutoff is trec_eval 10.0's value for that cutoff alone",
        },
      },
      {
        id: "negative_first",
        args: [
          "-q",
          "-m",
          "all_trec",
          "qrels.negative_first",
          "run.negative_first",
        ],
        reference: {
          derive: "te10",
          args: [
            "-q",
            "-m",
            "all_trec",
            "qrels.negative_first.padded",
            "run.negative_first",
          ],
          why:
            "trec_eval 10.0 stops ('Can't calculate measure', status 4) when the first topic has only negative judgements, and crashes when they are all below -1; the topic is evaluated like any other. The expected output is trec_eval 10.0 with one more judgement of grade 0 for a document no run retrieves, which changes no measure at relevance level 1",
        },
      },
      {
        id: "depth_negative",
        args: ["-q", "-M-1", "-m", "all_trec", "qrels", "run"],
        reference: {
          derive: "te10",
          args: ["-q", "-M0", "-m", "all_trec", "qrels", "run"],
          why:
            "trec_eval 10.0 crashes on a negative -M; no document is kept, so the expected output is trec_eval 10.0 with -M0",
        },
      },
    ],
  };
}

function float32(): Dataset {
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  const topics: Record<string, string[]> = {
    f1: ["0.1000000001", "0.1000000002", "0.1000000003", "0.1"],
    f2: ["1e200", "1e201", "3.4e38", "1"],
    f3: ["1e-300", "2e-300", "0", "1e-46"],
    f4: ["16777217", "16777216", "16777218", "1"],
  };
  for (const [qid, scores] of Object.entries(topics)) {
    scores.forEach((score, i) => {
      run.push({ qid, docno: `d${i}`, score });
      judged.push({ qid, docno: `d${i}`, rel: String(i % 2) });
    });
  }
  return {
    name: "float32",
    files: { qrels: qrelsText(judged), run: runText(run) },
    commands: [
      te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
      te9("v9_all_trec", ["-q", "-m", "all_trec", "qrels", "run"]),
    ],
  };
}

function nan(): Dataset {
  const r = generator(9);
  const judged: Judged[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["n1", "n2"]) {
    for (let i = 0; i < 12; i++) {
      const docno = `d${r.int(0, 99)}x${i}`;
      run.push({ qid, docno, score: r.pick(["nan", "1", "2", "NaN", "0.5"]) });
      judged.push({ qid, docno, rel: String(r.pick([0, 1])) });
    }
  }
  return {
    name: "nan",
    files: { qrels: qrelsText(judged), run: runText(run) },
    commands: [te("all_trec", ["-q", "-m", "all_trec", "qrels", "run"])],
  };
}

function prefs(): Dataset {
  const r = generator(10);
  const lines: string[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["p1", "p2", "p3", "p4"]) {
    const docs = Array.from({ length: 14 }, (_, i) => `${qid}d${i}`);
    for (const jg of ["u1", "u2", "u3"]) {
      // A hidden level per document keeps each group consistent.
      const level = new Map(docs.map((d) => [d, r.pick([0, 0, 1, 2, 3, 4.5])]));
      const subgroups = jg === "u1" ? 1 : r.int(1, 3);
      for (let s = 0; s < subgroups; s++) {
        for (const d of r.shuffle([...docs]).slice(0, r.int(3, 9))) {
          lines.push(`${qid} ${jg} s${s} ${d} ${level.get(d)}\n`);
        }
      }
    }
    if (qid !== "p4") {
      for (
        const d of r.shuffle([...docs, `${qid}x1`, `${qid}x2`]).slice(0, 10)
      ) {
        run.push({ qid, docno: d, score: String(r.int(0, 5)) });
      }
    }
  }
  return {
    name: "prefs",
    files: { prefs: lines.join(""), run: runText(run) },
    commands: [
      te("all_prefs", [
        "-q",
        "-R",
        "prefs",
        "-m",
        "all_prefs",
        "-c",
        "prefs",
        "run",
      ]),
      te("depth4", [
        "-q",
        "-R",
        "prefs",
        "-M4",
        "-m",
        "all_prefs",
        "-c",
        "prefs",
        "run",
      ]),
      te("prefs_nickname", [
        "-R",
        "prefs",
        "-m",
        "prefs",
        "-c",
        "prefs",
        "run",
      ]),
      te9("v9_all_prefs", [
        "-q",
        "-R",
        "prefs",
        "-m",
        "all_prefs",
        "prefs",
        "run",
      ]),
      te("qrels_format", ["-q", "-R", "prefs", "-c", "prefs", "run"]),
    ],
  };
}

function groups(): Dataset {
  const r = generator(11);
  const lines: string[] = [];
  const run: Retrieved[] = [];
  for (const qid of ["g1", "g2", "g3"]) {
    const docs = Array.from({ length: 40 }, (_, i) => `${qid}d${i}`);
    for (const jg of ["0", "1", "2"].slice(0, qid === "g2" ? 1 : 3)) {
      for (const d of r.shuffle([...docs]).slice(0, 20)) {
        lines.push(`${qid} ${jg} ${d} ${r.pick([0, 0, 1, 2, -1])}\n`);
      }
    }
    for (const d of r.shuffle([...docs]).slice(0, 25)) {
      run.push({ qid, docno: d, score: String(r.int(0, 9)) });
    }
  }
  return {
    name: "qrels_jg",
    files: {
      qrels: lines.join(""),
      run: runText(run),
      // Without negative levels, whose level class trec_eval reads past in
      // prefs_avgjg_Rnonrel (see TREC_EVAL_DEVIATIONS).
      "qrels.nonnegative": lines.join("").replaceAll(" -1\n", " 0\n"),
    },
    commands: [
      te("qrels_jg", [
        "-q",
        "-R",
        "qrels_jg",
        "-m",
        "qrels_jg",
        "qrels",
        "run",
      ]),
      te("judged_only", [
        "-q",
        "-J",
        "-R",
        "qrels_jg",
        "-m",
        "qrels_jg",
        "qrels",
        "run",
      ]),
      te("params", [
        "-q",
        "-R",
        "qrels_jg",
        "-m",
        "P_avgjg.3,7",
        "-m",
        "Rprec_mult_avgjg.0.5,1",
        "-m",
        "map_avgjg",
        "-c",
        "-m",
        "num_q",
        "qrels",
        "run",
      ]),
      te9("v9_qrels_jg", [
        "-q",
        "-R",
        "qrels_jg",
        "-m",
        "qrels_jg",
        "qrels",
        "run",
      ]),
      te("qrels_prefs", [
        "-q",
        "-R",
        "qrels_prefs",
        "-m",
        "all_prefs",
        "qrels.nonnegative",
        "run",
      ]),
    ],
  };
}

function errors(): Dataset {
  const good = "q1 0 a 1\nq1 0 b 0\nq2 0 c 1\n";
  const goodRun = "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 c 1 1 t\n";
  const files: Record<string, Bytes> = {
    qrels: good,
    run: goodRun,
    "run.malformed": "q1 Q0 a 1 2 t\n# comment\n\nq1 Q0 b 2 1\n",
    "qrels.five": "q1 0 a 1\n# c\nq1 0 b 0 extra\n",
    "qrels.blank": "q1 0 a 1\n\nq1 0 b 0\n",
    "run.dup": "q1 Q0 a 1 2 t\nq1 Q0 b 2 1 t\nq2 Q0 c 1 3 t\nq2 Q0 c 2 1 t\n",
    "run.dup_deep": "q1 Q0 a 1 3 t\nq1 Q0 b 2 2 t\nq1 Q0 a 3 1 t\n",
    "qrels.q1": "q1 0 a 1\nq1 0 b 0\n",
    "qrels.dup": "q1 0 a 1\nq1 0 a 0\n",
    "qrels.trailing_comment": good + "# last line comment",
    "qrels.no_trailing_comment": good,
    "qrels.comments":
      "q1 0 a 1\n# one\n# two\n  # indented\nq1 0 b 0\n\t#tab\nq2 0 c 1\n",
    "qrels.uncommented": "q1 0 a 1\nq1 0 b 0\nq2 0 c 1\n",
    empty: "",
    "zscores.bad": "q1 map 0.5\n",
    "prefs.cycle": "q1 u s1 a 3\nq1 u s1 b 2\nq1 u s2 b 3\nq1 u s2 a 1\n",
    "prefs.zero": "q1 u s1 a 0\nq1 u s1 b 2\nq1 u s2 a 1\nq1 u s2 b 0\n",
    "prefs.same": "q1 u s1 a 3\nq1 u s1 a 1\n",
  };
  const why = (what: string) =>
    `trec_eval 10.0 ${what}; such comment lines are skipped, so the expected output is trec_eval 10.0 on the same qrels without them`;
  return {
    name: "errors",
    files,
    commands: [
      te("run_malformed", ["qrels", "run.malformed"]),
      te("qrels_five_fields", ["qrels.five", "run"]),
      te("qrels_blank_line", ["qrels.blank", "run"]),
      te("run_duplicate", ["-q", "qrels", "run.dup"]),
      te("run_duplicate_map", [
        "-q",
        "-m",
        "map",
        "-m",
        "P.2",
        "qrels",
        "run.dup",
      ]),
      te("run_duplicate_below_depth", ["-M2", "qrels.q1", "run.dup_deep"]),
      te("qrels_duplicate", ["-q", "qrels.dup", "run"]),
      te("unknown_measure", ["-m", "map", "-m", "nope.5", "qrels", "run"]),
      te("zero_cutoff", ["-m", "P.0", "qrels", "run"]),
      te("duplicate_cutoffs", ["-m", "P.5,5", "qrels", "run"]),
      te("empty_params", ["-m", "P.", "qrels", "run"]),
      te("malformed_pairs", ["-m", "ndcg.1", "qrels", "run"]),
      te("utility_coefficients", ["-q", "-m", "utility.1,2", "qrels", "run"]),
      te("bad_rel_format", ["-R", "bogus", "qrels", "run"]),
      te("bad_results_format", ["-T", "bogus", "qrels", "run"]),
      te("missing_qrels", ["nowhere", "run"]),
      te("missing_run", ["qrels", "nowhere"]),
      te("empty_run", ["qrels", "empty"]),
      te("empty_qrels", ["empty", "run"]),
      te("one_file", ["qrels"]),
      te("bad_option", ["-x", "qrels", "run"]),
      te("option_needs_argument", ["qrels", "run", "-m"]),
      te("version", ["-v"]),
      te("zscores_malformed", ["-Z", "zscores.bad", "qrels", "run"]),
      te("zscores_missing", ["-Z", "nowhere", "qrels", "run"]),
      te("prefs_cycle", [
        "-R",
        "prefs",
        "-m",
        "all_prefs",
        "prefs.cycle",
        "run",
      ]),
      te("prefs_zero_and_nonzero", [
        "-R",
        "prefs",
        "-m",
        "all_prefs",
        "prefs.zero",
        "run",
      ]),
      te("prefs_same_doc_two_levels", [
        "-R",
        "prefs",
        "-m",
        "all_prefs",
        "prefs.same",
        "run",
      ]),
      te("prefs_measure_on_qrels", ["-m", "prefs_simp", "qrels", "run"]),
      te("qrels_measure_on_prefs", ["-R", "prefs", "prefs.zero", "run"]),
      te("jg_measure_on_qrels", ["-m", "map_avgjg", "qrels", "run"]),
      te9("v9_unknown_measure", ["-m", "rbp", "qrels", "run"]),
      te9("v9_version", ["-v"]),
      {
        id: "qrels_trailing_comment",
        args: ["-q", "qrels.trailing_comment", "run"],
        reference: {
          derive: "te10",
          args: ["-q", "qrels.no_trailing_comment", "run"],
          why: why("crashes on a '#' line at the end of a qrels file"),
        },
      },
      {
        id: "qrels_consecutive_comments",
        args: ["-q", "qrels.comments", "run"],
        reference: {
          derive: "te10",
          args: ["-q", "qrels.uncommented", "run"],
          why: why(
            "calls a second '#' line in a row, or an indented one, a malformed line",
          ),
        },
      },
    ],
  };
}

const DATASETS: (() => Dataset)[] = [
  graded,
  missing,
  rounding,
  ids,
  formats,
  formatsV9,
  deep,
  odd,
  float32,
  nan,
  prefs,
  groups,
  errors,
];

interface Output {
  stdout: Uint8Array;
  stderr: string;
  status: number;
}

const SIGNALS: Record<string, number> = { SIGABRT: 6, SIGSEGV: 11 };

async function runBinary(
  binary: string,
  args: string[],
  cwd: string,
): Promise<Output> {
  const { stdout, stderr, code, signal } = await new Deno.Command(binary, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    stdout,
    stderr: byteString(stderr).replaceAll(`${binary}:`, "trec_eval:"),
    status: signal ? 128 + (SIGNALS[signal] ?? 0) : code,
  };
}

async function runPython(
  here: string,
  [script, ...args]: string[],
  cwd: string,
): Promise<Uint8Array> {
  const result = await new Deno.Command("python3", {
    args: [join(here, script), ...args],
    cwd,
    stdout: "piped",
  }).output();
  if (!result.success) throw new Error(`${script} failed`);
  return result.stdout;
}

/** Interleaves several outputs' lines topic by topic, in the order given. */
function mergeOutputs(outputs: Uint8Array[]): Uint8Array {
  const blocks = new Map<string, string[]>();
  for (const output of outputs) {
    for (const line of byteString(output).split("\n")) {
      if (!line) continue;
      const qid = line.split("\t")[1];
      if (!blocks.has(qid)) blocks.set(qid, []);
      blocks.get(qid)!.push(line + "\n");
    }
  }
  const all = blocks.get("all") ?? [];
  blocks.delete("all");
  return stringBytes([...blocks.values(), all].flat().join(""));
}

function quote(arg: string): string {
  return /^[\w.,=+\-/]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

async function main(): Promise<void> {
  const flag = (name: string) => {
    const i = Deno.args.indexOf(name);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const binaries = { te10: flag("--te10"), te9: flag("--te9") };
  const here = dirname(new URL(import.meta.url).pathname);
  let count = 0;
  for (const make of DATASETS) {
    const dataset = make();
    const dir = join(OUT, dataset.name);
    await Deno.mkdir(dir, { recursive: true });
    for (const [name, content] of Object.entries(dataset.files)) {
      await Deno.writeFile(join(dir, name), stringBytes(content));
    }
    for (const command of dataset.commands) {
      count++;
      if (!binaries.te10 || !binaries.te9) continue;
      const ref = command.reference;
      let output: Output;
      let reference: string;
      let note: string | undefined;
      if ("binary" in ref) {
        const binary = binaries[ref.binary]!;
        const args = ref.binary === "te9"
          ? command.args.slice(2)
          : command.args;
        output = await runBinary(binary, args, dir);
        reference = `${
          ref.binary === "te10" ? "trec_eval 10.0" : "trec_eval 9.0.8"
        }: trec_eval ${args.map(quote).join(" ")}`;
      } else if ("derive" in ref) {
        output = await runBinary(binaries.te10!, ref.args, dir);
        if (ref.rename) {
          output.stdout = stringBytes(
            byteString(output.stdout).replaceAll(
              ref.rename[0].padEnd(22),
              ref.rename[1].padEnd(22),
            ),
          );
        }
        reference = `derived from trec_eval 10.0: trec_eval ${
          ref.args.map(quote).join(" ")
        }${ref.rename ? ` (${ref.rename[0]} renamed ${ref.rename[1]})` : ""}`;
        note = ref.why;
      } else if ("merge" in ref) {
        const outputs = [];
        for (const part of ref.merge) {
          outputs.push(
            Array.isArray(part)
              ? (await runBinary(binaries.te10!, part, dir)).stdout
              : await runPython(here, part.python, dir),
          );
        }
        output = { stdout: mergeOutputs(outputs), stderr: "", status: 0 };
        reference = `merged: ${
          ref.merge.map((part) =>
            Array.isArray(part)
              ? `trec_eval 10.0: trec_eval ${part.map(quote).join(" ")}`
              : `independent: python3 tests/trec_eval/${
                part.python.map(quote).join(" ")
              }`
          ).join(" and ")
        }`;
        note = ref.why;
      } else {
        const [script, ...args] = ref.python;
        output = {
          stdout: await runPython(here, ref.python, dir),
          stderr: "",
          status: 0,
        };
        reference = `independent: python3 tests/trec_eval/${script} ${
          args.map(quote).join(" ")
        }`;
        note = ref.why;
      }
      const record = {
        command: `ranklens trec_eval ${command.args.map(quote).join(" ")}`,
        args: command.args,
        reference,
        ...(note ? { note } : {}),
        status: output.status,
        stderr: output.stderr,
      };
      await Deno.writeTextFile(
        join(dir, `${command.id}.json`),
        JSON.stringify(record, null, 2) + "\n",
      );
      await Deno.writeFile(join(dir, `${command.id}.expected`), output.stdout);
    }
  }
  console.log(
    `${count} cases in ${DATASETS.length} datasets under ${OUT}${
      binaries.te10
        ? ""
        : " (inputs only; pass --te10 and --te9 for expected outputs)"
    }`,
  );
}

if (import.meta.main) await main();
