/**
 * trec_eval's measure names, written once: its table's order and its
 * nicknames for sets of measures. trec_eval's drop-in prints in that order,
 * and `eval -m official` expands a nickname into specs in it.
 *
 * @module
 */

const OFFICIAL = [
  "runid",
  "num_q",
  "num_ret",
  "num_rel",
  "num_rel_ret",
  "map",
  "gm_map",
  "Rprec",
  "bpref",
  "recip_rank",
  "iprec_at_recall",
  "P",
];

/**
 * All of trec_eval 10's measures in its table's order, which is the order it
 * prints them: a fact of trec_eval, so a measure newly computed by a
 * registry metric (declared in that metric's file, its `trecEval` rows)
 * already has its place here.
 */
export const TREC_EVAL_ORDER: readonly string[] = [
  // The table begins with the measures of the `official` nickname.
  ...OFFICIAL,
  "relstring",
  "recall",
  "infAP",
  "gm_bpref",
  "Rprec_mult",
  "utility",
  "11pt_avg",
  "binG",
  "G",
  "dcg",
  "ideal_dcg",
  "ndcg",
  "ndcg_rel",
  "Rndcg",
  "ndcg_cut",
  "map_cut",
  "relative_P",
  "success",
  "set_P",
  "set_relative_P",
  "set_recall",
  "set_map",
  "set_F",
  "num_nonrel_judged_ret",
  "prefs_num_prefs_poss",
  "prefs_num_prefs_ful",
  "prefs_num_prefs_ful_ret",
  "prefs_simp",
  "prefs_pair",
  "prefs_avgjg",
  "prefs_avgjg_Rnonrel",
  "prefs_simp_ret",
  "prefs_pair_ret",
  "prefs_avgjg_ret",
  "prefs_avgjg_Rnonrel_ret",
  "prefs_simp_imp",
  "prefs_pair_imp",
  "prefs_avgjg_imp",
  "map_avgjg",
  "P_avgjg",
  "Rprec_mult_avgjg",
  "yaap",
  "rbp",
  "rbp_resid",
  "unj",
];

/**
 * trec_eval's nicknames for sets of measures. `all_trec` differs between
 * versions: 9.0.8 has no `unj`, `rbp` or `rbp_resid`.
 *
 * @example
 * ```ts
 * import { nicknames } from "./trec_nicknames.ts";
 * console.log(nicknames(10).get("official")?.length); // 12
 * console.log(nicknames(9).get("all_trec")?.includes("rbp")); // false
 * ```
 *
 * @param version 9 or 10.
 * @returns Nickname to measure names.
 */
export function nicknames(version: 9 | 10): Map<string, readonly string[]> {
  return new Map<string, readonly string[]>([
    ["official", OFFICIAL],
    ["set", [
      "runid",
      "num_q",
      "num_ret",
      "num_rel",
      "num_rel_ret",
      "utility",
      "set_P",
      "set_recall",
      "set_relative_P",
      "set_map",
      "set_F",
    ]],
    ["all_trec", [
      ...OFFICIAL,
      "relstring",
      "recall",
      ...(version === 10 ? ["unj", "rbp", "rbp_resid"] : []),
      "infAP",
      "gm_bpref",
      "utility",
      "11pt_avg",
      "ndcg",
      "relative_P",
      "Rprec_mult",
      "success",
      "map_cut",
      "ndcg_cut",
      "ndcg_rel",
      "Rndcg",
      "binG",
      "G",
      "set_P",
      "set_recall",
      "set_relative_P",
      "set_map",
      "set_F",
      "num_nonrel_judged_ret",
    ]],
    ["all_prefs", [
      "runid",
      "num_q",
      // trec_eval's table holds the preference measures together, in the
      // order all_prefs lists them.
      ...TREC_EVAL_ORDER.filter((name) => name.startsWith("prefs_")),
    ]],
    ["prefs", [
      "runid",
      "num_q",
      "prefs_num_prefs_poss",
      "prefs_num_prefs_ful",
      "prefs_num_prefs_ful_ret",
      "prefs_simp",
      "prefs_pair",
      "prefs_avgjg",
    ]],
    ["qrels_jg", [
      "runid",
      "num_q",
      "map_avgjg",
      "P_avgjg",
      "Rprec_mult_avgjg",
    ]],
  ]);
}
