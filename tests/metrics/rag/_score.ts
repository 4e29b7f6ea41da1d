import { builtinRegistry } from "../../../metrics/builtin.ts";
import { RagInput } from "../../../metrics/rag/input.ts";
import {
  type NormalizationName,
  normalizerOf,
} from "../../../metrics/rag/normalize.ts";
import type { RagSample } from "../../../model/rag_sample.ts";

/** One metric on one sample: its value, or null when it does not apply. */
export function score(
  spec: string,
  sample: RagSample,
  normalize: NormalizationName = "squad",
): number | null {
  const metric = builtinRegistry.resolve<RagInput>(spec, "rag");
  const input = new RagInput(sample, normalizerOf(normalize));
  if (metric.appliesTo && !metric.appliesTo(input)) return null;
  return metric.score(input);
}
