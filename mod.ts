/**
 * ranklens: evaluate search and RAG systems with the numbers trec_eval,
 * ir_measures, ranx, the SQuAD script, sacrebleu and rouge-score give.
 *
 * This module is what an application needs: the data model, `evaluate`,
 * the metric registry, readers and writers, retrievers, RAG scoring,
 * comparisons and reports. Each part is also its own subpath
 * (`@ranklens/ranklens/model`, `/metrics`, `/formats`, `/adapters`,
 * `/report`), and the trec_eval drop-in, the server and the CLI are
 * `/trec_eval`, `/server` and `/cli`.
 *
 * @example Evaluate a run in memory
 * ```ts
 * import { evaluate } from "@ranklens/ranklens";
 * const qrels = new Map([["q1", new Map([["d1", 2], ["d2", 0]])]]);
 * const run = [{ queryId: "q1", docs: ["d2", "d1"] }];
 * const result = await evaluate(run, qrels, ["ndcg@10", "rr"]);
 * console.log(result.aggregate.rr); // 0.5
 * ```
 *
 * @example Resolve a metric spec
 * ```ts
 * import { resolve } from "@ranklens/ranklens";
 * console.log(resolve("ndcg_cut_10").label); // "ndcg@10"
 * ```
 *
 * @module
 */

export * from "./model/mod.ts";
export * from "./metrics/mod.ts";
export * from "./formats/mod.ts";
export * from "./adapters/mod.ts";
export * from "./report/mod.ts";
