/**
 * The help of `ranklens trec_eval`: trec_eval's options, its measures, and
 * where ranklens deliberately does what trec_eval's documentation says
 * rather than what trec_eval 10.0 does.
 *
 * @module
 */

import { measureTable, nicknames } from "./measures.ts";

/**
 * Where ranklens departs from trec_eval 10.0's behaviour to do what its
 * documentation intends, one line each.
 */
export const TREC_EVAL_DEVIATIONS: readonly string[] = [
  "A qrels topic missing from the run is skipped without -c, as the help says and 9.0.8 did (10.0 stops with status 4).",
  "rbp computes the documented formula (1-p)*sum(g_i*p^(i-1)), gains normalised to [0,1] by each topic's gain table; 10.0 never initialises that range, so its values depend on the measure computed before rbp and match no formula with p=<x>.",
  "A topic judged only with negative grades is evaluated like any other; 10.0 stops with status 4 when it is the first topic, crashes when its grades are all below -1 and otherwise reuses the previous topic's grade counts.",
  "ndcg, dcg and ideal_dcg each take their own gain parameters (10.0 shares them and then crashes at exit).",
  "Gains are ordered exactly for the ideal DCG (10.0 compares gain differences as integers, so ndcg.1=0.5 scores 0).",
  "Integer cutoffs are sorted exactly (10.0 compares their difference truncated to an int, so with cutoffs 2^31 or more apart, as in P.3000000000,5, its values are wrong); like 10.0's atol, a cutoff past a long saturates at 9223372036854775807.",
  "A '#' comment line is skipped in qrels anywhere, also as the last line, after another comment or indented (10.0 crashes on a final one and calls the others malformed).",
  "-M below 0 keeps no document (10.0 crashes); -D level.qid evaluates only that topic but prints no debug output.",
  "In ndcg-style gain lists a relevance level given twice keeps its first gain, and negative levels (unjudged documents) always gain 0.",
  "prefs_avgjg_Rnonrel(_ret) with levels below 0 uses only the lowest level class; 10.0 reads past it into other memory.",
  "With -l below 0, set_P and set_recall count unjudged documents as relevant (trec_eval does not).",
  "--trec-version 9 reproduces 9.0.8's numbers and measure set but still accepts '#' comments.",
  "Messages keep trec_eval's words and exit statuses and add the place in parentheses: the file and lines of a repeated document, the file at fault when no topic is scored; a skipped qrels topic is named in a warning on stderr.",
  "The command prints nothing on stdout when it fails (10.0 leaves the topics before the fault).",
  "Gzip data is read whatever the file is called (by its magic bytes); a line longer than --max-line-bytes, or a .gz inflating past --max-gzip-ratio or --max-gzip-bytes, is refused.",
];

/**
 * The full help text.
 *
 * @example
 * ```ts
 * import { trecEvalHelp } from "./help.ts";
 * console.log(trecEvalHelp().includes("-m measure")); // true
 * ```
 *
 * @returns The text, ending with a newline.
 */
export function trecEvalHelp(): string {
  const names = measureTable(10).map((m) => m.name);
  const nicks = [...nicknames(10).keys()];
  return `Usage: trec_eval [-h] [-q] [-m measure[.params]]... [-c] [-n] [-l <num>]
   [-D debug_level] [-N <num>] [-M <num>] [-R rel_format] [-T results_format]
   [-Z zscore_file] [--trec-version 9|10] rel_info_file results_file

Evaluates results_file (a TREC run; '-' reads standard input) against
rel_info_file, printing what trec_eval 10.0 prints, byte for byte.

Options (long forms as trec_eval's):
 -h, --help                       this help
 -v, --version                    print trec_eval's version to stderr
 -q, --query_eval_wanted          also print each topic's values
 -m, --measure name[.params]      add a measure or a nickname (repeatable;
                                  default: official). Parameters follow the
                                  first '.': -m P.5,10  -m ndcg.1=3,2=9
                                  -m iprec_at_recall..10,.20; the first
                                  parameters given for a measure win
 -c, --complete_rel_info_wanted   average over every topic of rel_info_file;
                                  a topic the run lacks scores 0
 -l, --level_for_rel <num>        judgements >= num are relevant (default 1)
 -n, --nosummary                  no summary ('all') lines
 -D, --Debug_level <num>[.qid]    evaluate only topic qid
 -J, --Judged_docs_only           drop unjudged documents first (use with care)
 -N, --Number_docs_in_coll <num>  collection size, for utility (default 0)
 -M, --Max_retrieved_per_topic <num>  keep the top num documents per topic
 -R, --Rel_info_format <format>   qrels (default), qrels_jg, prefs, qrels_prefs
 -T, --Results_format <format>    trec_results (the only one)
 -Z, --Zscore <file>              print Z scores against 'qid measure mean
                                  stddev' lines instead of raw values
     --trec-version 9|10          reproduce trec_eval 9.0.8 (its iprec_at_recall
                                  and 11pt_avg cutoffs, float scores, measure
                                  set) or 10.0 (default)

Nicknames: ${nicks.join(", ")}
Measures (output order): ${names.join(" ")}

Where ranklens does what trec_eval's documentation intends rather than what
trec_eval 10.0 does:
${TREC_EVAL_DEVIATIONS.map((d) => ` - ${d}`).join("\n")}
`;
}
