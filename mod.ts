/**
 * ranklens: evaluate search and RAG systems with trec_eval's exact numbers.
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

export * from "./model/types.ts";
export * from "./metrics/metric.ts";
export * from "./model/judged_ranking.ts";
export * from "./metrics/registry.ts";
export * from "./metrics/spec.ts";
export * from "./metrics/builtin.ts";
export * from "./metrics/listing.ts";
export * from "./metrics/official.ts";
export * from "./metrics/evaluate.ts";
export * from "./metrics/rbo.ts";
export * from "./metrics/measure_list.ts";
export * from "./metrics/diversity/measures.ts";
export * from "./metrics/diversity/subtopic_ranking.ts";
export * from "./metrics/diversity/evaluate.ts";
export * from "./model/compare_ids.ts";
export * from "./model/errors.ts";
export * from "./formats/source.ts";
export * from "./formats/c_number.ts";
export * from "./formats/trec_qrels.ts";
export * from "./formats/trec_run.ts";
export * from "./formats/subtopic_qrels.ts";
export * from "./trec_eval/c_printf.ts";
export * from "./report/table.ts";
export * from "./report/evaluation.ts";
export * from "./model/rag_sample.ts";
export * from "./metrics/rag/normalize.ts";
export * from "./metrics/rag/input.ts";
export * from "./metrics/rag/definitions.ts";
export * from "./metrics/rag/evaluate.ts";
export * from "./metrics/rag/token_f1.ts";
export * from "./metrics/rag/rouge.ts";
export * from "./metrics/rag/bleu.ts";
export * from "./formats/ragas.ts";
export * from "./formats/answers.ts";
export * from "./report/rag.ts";
export * from "./formats/dataset.ts";
export * from "./formats/json_text.ts";
export * from "./formats/jsonl.ts";
export * from "./formats/atomic_write.ts";
export * from "./formats/go_dataset.ts";
export * from "./formats/beir.ts";
export * from "./formats/format_registry.ts";
export * from "./formats/convert.ts";
export * from "./adapters/retriever.ts";
export * from "./adapters/search_hits.ts";
export * from "./adapters/bm25.ts";
export * from "./adapters/http_retriever.ts";
export * from "./adapters/retrieval_report.ts";
export * from "./adapters/evaluate_retrieval.ts";
export * from "./trec_eval/lines.ts";
export * from "./trec_eval/prefs_file.ts";
export * from "./trec_eval/qrels_jg_file.ts";
export * from "./trec_eval/zscores_file.ts";
export * from "./trec_eval/measures.ts";
export type { ParamPair } from "./trec_eval/params.ts";
export type {
  GroupCounts,
  LevelClass,
  PrefsCounts,
} from "./trec_eval/prefs.ts";
export * from "./trec_eval/evaluate.ts";
export * from "./metrics/significance/special.ts";
export * from "./metrics/significance/prng.ts";
export * from "./metrics/significance/differences.ts";
export * from "./metrics/significance/paired_t.ts";
export * from "./metrics/significance/permutation.ts";
export * from "./metrics/significance/fisher.ts";
export * from "./metrics/significance/wilcoxon.ts";
export * from "./metrics/significance/bootstrap.ts";
export * from "./metrics/significance/correction.ts";
export * from "./metrics/significance/effect_size.ts";
export * from "./metrics/significance/wins.ts";
export * from "./metrics/compare.ts";
export * from "./report/comparison.ts";
export * from "./report/comparison_formats.ts";
export * from "./report/latex.ts";
export * from "./report/svg_plot.ts";
export * from "./report/html.ts";
export * from "./report/baseline.ts";
export * from "./formats/rag_samples.ts";
export * from "./trec_eval/command.ts";
