/**
 * `ranklens rag FILE`: score RAG answers and contexts from a Ragas JSON
 * Lines file or an answer file.
 *
 * @module
 */

import { type AnswerKeyMap, parseKeyMap } from "../formats/answers.ts";
import { readRagSamples } from "../formats/rag_samples.ts";
import { DEFAULT_RAG_METRICS, evaluateRag } from "../metrics/rag/evaluate.ts";
import {
  type NormalizationName,
  NORMALIZATIONS,
} from "../metrics/rag/normalize.ts";
import { EVALUATION_FORMATS } from "../report/evaluation.ts";
import { renderRagEvaluation } from "../report/rag.ts";
import { builtinRegistry } from "../metrics/builtin.ts";
import { refuseModelMetric } from "../metrics/rag/model_metrics.ts";
import { UsageError } from "./errors.ts";
import { checkInputFile } from "./input_files.ts";
import { choiceOption, metricOptions } from "./options.ts";
import { defineCommand, OUTPUT_OPTIONS } from "./command.ts";

const USAGE =
  "ranklens rag FILE [-m METRIC]... [--input ragas|answers] [--key-map PART=KEY,...] [--normalize squad|flashrag|ultrarag|unicode|none] [-q] [--format trec|json|csv|markdown] [--out FILE]";

const HELP =
  `Scores the samples of FILE (JSON Lines; - for stdin, .gz read as gzip) with
RAG metrics. A sample without a response scores as the empty answer (a
warning names it); an answer metric skips a sample without a reference, and
coverage says how many samples each metric scored.

Input:
  --input ragas       Ragas' EvaluationDataset JSONL (the default): user_input,
                      response, reference, retrieved_contexts, ...
  --input answers     an answer file; --key-map names its keys and implies it
  --key-map MAP       PART=KEY pairs; parts: question, reference, response,
                      contexts, context_ids, reference_contexts,
                      reference_context_ids. Default (UltraRAG):
                      question=question,reference=golden_answers,response=pred_answer

Options:
  -m, --metric SPEC   exact_match, token_f1, acc, cover_em, string_em, rouge_1,
                      rouge_2, rouge_l, rouge_lsum, bleu, chrf, gleu,
                      string_similarity, context_recall, context_precision,
                      id_context_precision, id_context_recall, non_empty_rate
                      (repeatable; "ranklens metrics" lists their parameters;
                      default: ${DEFAULT_RAG_METRICS.join(", ")})
      --normalize N   answer convention: squad (default, the SQuAD v1.1
                      script), flashrag, ultrarag, unicode (Unicode-aware,
                      opt-in) or none (raw text)
  -q, --per-sample    also print each sample's values (ids are 1-based positions)
      --format F      trec (default), json, csv or markdown; with --out, told
                      by its extension (.txt, .json, .csv, .md) when not given
      --out FILE      write the report to FILE (atomically) instead of stdout
  -h, --help          this help`;

/**
 * Runs the command.
 *
 * @param args The arguments after `rag`.
 * @returns The exit status.
 */
export const run: (args: string[]) => Promise<number> = defineCommand({
  usage: USAGE,
  help: HELP,
  options: {
    metric: { type: "string", short: "m", multiple: true },
    input: { type: "string" },
    "key-map": { type: "string" },
    normalize: { type: "string", default: "squad" },
    "per-sample": { type: "boolean", short: "q" },
    ...OUTPUT_OPTIONS,
  },
  positionals: { min: 1, expected: "one FILE" },
  output: { formats: EVALUATION_FORMATS, fallback: "trec" },
  permissions: ({ positionals }) => ({ read: positionals }),
  async run({ values, positionals, format, emit }) {
    const normalize = choiceOption<NormalizationName>(
      "--normalize",
      values.normalize,
      USAGE,
      NORMALIZATIONS,
    );
    const input = values.input ??
      (values["key-map"] === undefined ? "ragas" : "answers");
    if (input !== "ragas" && input !== "answers") {
      throw new UsageError(
        `--input must be ragas or answers, got "${input}"`,
        USAGE,
      );
    }
    if (input === "ragas" && values["key-map"] !== undefined) {
      throw new UsageError("--key-map applies to --input answers", USAGE);
    }
    let keyMap: AnswerKeyMap | undefined;
    if (values["key-map"] !== undefined) {
      try {
        keyMap = parseKeyMap(values["key-map"]);
      } catch (error) {
        throw new UsageError(`--key-map: ${(error as Error).message}`, USAGE);
      }
    }
    for (const spec of values.metric ?? []) {
      try {
        refuseModelMetric(spec, builtinRegistry);
      } catch (error) {
        throw new UsageError(`-m ${spec}: ${(error as Error).message}`, USAGE);
      }
    }
    const metrics = values.metric?.length
      ? metricOptions(values.metric, "rag", USAGE)
      : DEFAULT_RAG_METRICS;
    const [file] = positionals;
    await checkInputFile(file);
    const samples = await readRagSamples(file, {
      input,
      keyMap,
      answersHint: "use --input answers or --key-map",
    });
    const result = evaluateRag(samples, {
      metrics,
      normalize,
    });
    for (const warning of result.warnings) {
      console.error(`ranklens rag: warning: ${warning}`);
    }
    await emit(renderRagEvaluation(result, format, {
      perSample: values["per-sample"],
    }));
    return 0;
  },
});
