/**
 * The one table of built-in ranking metrics. Adding a metric means adding
 * its file under `builtin/` and one line here; a metric that trec_eval also
 * has declares its trec_eval rows in its file, and trec_eval's drop-in reads
 * them from this table.
 *
 * @module
 */

import type { MetricDefinition, TrecEvalMeasure } from "./metric.ts";
import { ap, gmMap } from "./builtin/ap.ts";
import { bpref } from "./builtin/bpref.ts";
import { numRel, numRelRet, numRet } from "./builtin/counts.ts";
import { err } from "./builtin/err.ts";
import { infAP } from "./builtin/infap.ts";
import { judged } from "./builtin/judged.ts";
import { ndcg } from "./builtin/ndcg.ts";
import { precision } from "./builtin/precision.ts";
import { rbp } from "./builtin/rbp.ts";
import { recall, recallAll } from "./builtin/recall.ts";
import { rprec } from "./builtin/rprec.ts";
import { rr } from "./builtin/rr.ts";
import { success } from "./builtin/success.ts";
import { binG } from "./builtin/bin_g.ts";
import { dcg } from "./builtin/dcg.ts";
import { gMetric } from "./builtin/g.ts";
import { gmBpref } from "./builtin/gm_bpref.ts";
import { idealDcg } from "./builtin/ideal_dcg.ts";
import { iprecAtRecall } from "./builtin/iprec_at_recall.ts";
import { iprecAvg } from "./builtin/iprec_avg.ts";
import { ndcgRel } from "./builtin/ndcg_rel.ts";
import { numNonrelJudgedRet } from "./builtin/num_nonrel_judged_ret.ts";
import { rbpResid } from "./builtin/rbp_resid.ts";
import { rbpTrec } from "./builtin/rbp_trec.ts";
import { relativeP } from "./builtin/relative_precision.ts";
import { rndcg } from "./builtin/rndcg.ts";
import { rprecMult } from "./builtin/rprec_mult.ts";
import { setFMetric } from "./builtin/set_f.ts";
import { setMapMetric } from "./builtin/set_map.ts";
import { unj } from "./builtin/unjudged.ts";
import { utilityMetric } from "./builtin/utility.ts";
import { yaap } from "./builtin/yaap.ts";
import { accuracy } from "./builtin/accuracy.ts";
import { bpm } from "./builtin/bpm.ts";
import { compat } from "./builtin/compat.ts";
import { f1 } from "./builtin/f1.ts";
import { hits } from "./builtin/hits.ts";
import { insq, inst } from "./builtin/inst.ts";
import { nerr10, nerr11, nerr8, nerr9 } from "./builtin/nerr.ts";
import { numQ } from "./builtin/num_q.ts";
import { sdcg } from "./builtin/sdcg.ts";
import { withJudgedOnly } from "./builtin/_shared.ts";

/** Every built-in ranking metric, in the order `cli.ts metrics` lists them. */
export const BUILTIN_METRICS: readonly MetricDefinition[] = [
  // The measures ir_measures takes judged_only for.
  ...[ndcg, ap].map(withJudgedOnly),
  gmMap,
  ...[rr, precision, recall, rprec].map(withJudgedOnly),
  bpref,
  infAP,
  withJudgedOnly(success),
  err,
  rbp,
  judged,
  recallAll,
  numQ,
  numRet,
  numRel,
  numRelRet,
  withJudgedOnly(iprecAtRecall),
  iprecAvg,
  rprecMult,
  withJudgedOnly(relativeP),
  gmBpref,
  binG,
  gMetric,
  dcg,
  idealDcg,
  ndcgRel,
  rndcg,
  withJudgedOnly(setMapMetric),
  withJudgedOnly(setFMetric),
  utilityMetric,
  numNonrelJudgedRet,
  yaap,
  rbpTrec,
  rbpResid,
  unj,
  hits,
  f1,
  compat,
  accuracy,
  inst,
  insq,
  bpm,
  sdcg,
  nerr8,
  nerr9,
  nerr10,
  nerr11,
];

/**
 * The trec_eval rows the metrics of {@linkcode BUILTIN_METRICS} declare, by
 * trec_eval's measure name: what trec_eval's drop-in and `eval -m P.5,10`
 * both read.
 */
export const TREC_EVAL_ROWS: ReadonlyMap<string, TrecEvalMeasure> = new Map(
  BUILTIN_METRICS.flatMap((definition) => definition.trecEval ?? [])
    .map((row) => [row.name, row]),
);
