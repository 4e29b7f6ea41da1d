/**
 * String exact match: the share of the references the response matches.
 *
 * @module
 */

import type { MetricDefinition } from "../metric.ts";
import type { RagInput } from "./input.ts";
import { answerApplies, answersReader, NORMALIZE_PARAM } from "./_shared.ts";

/**
 * The share of the references the response matches. `match=exact` (the
 * default) counts a normalized reference equal to the normalized response,
 * as UltraRAG's `string_em_score`; `match=contain` counts a normalized
 * reference that is a substring of it, as ALCE's STR-EM (each reference one
 * short answer).
 */
export const stringEm: MetricDefinition<RagInput> = {
  name: "string_em",
  aliases: [{ name: "stringem", peer: "UltraRAG" }, "str_em"],
  kind: "rag",
  description:
    "share of the references equal to the response (UltraRAG stringem), or contained in it (match=contain, ALCE STR-EM); needs reference",
  params: {
    match: {
      type: "string",
      description:
        "exact: a reference equals the response (UltraRAG); contain: it is a substring of the response (ALCE)",
      default: "exact",
      choices: ["exact", "contain"],
    },
    normalize: NORMALIZE_PARAM,
  },
  cutoff: "none",
  appliesTo: answerApplies,
  create: (params) => {
    const read = answersReader(params);
    const contain = params.match === "contain";
    return (input) => {
      const { response, references, responseMissing } = read(input);
      if (responseMissing) return 0;
      let matched = 0;
      for (const { text } of references) {
        if (contain ? response.text.includes(text) : response.text === text) {
          matched++;
        }
      }
      return matched / references.length;
    };
  },
};
