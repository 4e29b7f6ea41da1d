/**
 * String exact match: the share of the references the response matches.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, containsRun, sameTokens } from "./_shared.ts";

/**
 * The share of the references the response matches, for questions whose
 * answer has several parts (ALCE's STR-EM on ASQA). `match=contain` (the
 * default) counts a reference occurring in the response as whole tokens;
 * `match=exact` counts a reference equal to the response, as UltraRAG's
 * `stringem` does.
 */
export const stringEm: MetricDefinition<RagInput> = {
  name: "string_em",
  aliases: [{ name: "stringem", peer: "UltraRAG" }, "str_em"],
  kind: "rag",
  description:
    "share of the references the response contains (or equals, match=exact); needs response and reference",
  params: {
    match: {
      type: "string",
      description:
        "contain: a reference occurs in the response as whole tokens; exact: equals it",
      default: "contain",
      choices: ["contain", "exact"],
    },
  },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const matches = params.match === "exact" ? sameTokens : containsRun;
    return (input) => {
      const response = input.responseTokens!;
      const references = input.referenceTokens;
      let matched = 0;
      for (const reference of references) {
        if (matches(response, reference)) matched++;
      }
      return matched / references.length;
    };
  },
};
