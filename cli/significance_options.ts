/**
 * The significance options of `compare` and `gate`, apart from the other
 * options: they name the tests, which `eval` does not load.
 *
 * @module
 */

import {
  type Alternative,
  ALTERNATIVES,
} from "../metrics/significance/alternative.ts";
import {
  ZERO_METHODS,
  type ZeroMethod,
} from "../metrics/significance/wilcoxon.ts";
import {
  SIGNIFICANCE_TESTS,
  type SignificanceTest,
} from "../metrics/compare.ts";
import {
  type Correction,
  CORRECTIONS,
} from "../metrics/significance/correction.ts";
import { UsageError } from "./errors.ts";
import { choiceOption, intOption, MAX_SEED, numberOption } from "./options.ts";

/** The significance options `compare` and `gate` share. */
export interface SignificanceOptions {
  /** `--test`. */
  readonly test: SignificanceTest;
  /** `--correction`. */
  readonly correction: Correction;
  /** `--alpha`, in [0, 1]. */
  readonly alpha: number;
  /** `--seed`, a 32-bit unsigned integer. */
  readonly seed: number;
  /** `--alternative`; `tukey` takes only `two-sided`. */
  readonly alternative: Alternative;
  /** `--zero-method`, Wilcoxon's handling of zero differences. */
  readonly zeroMethod: ZeroMethod;
  /** `--continuity-correction`, for Wilcoxon's normal approximation. */
  readonly continuityCorrection: boolean;
}

/**
 * The `parseArgs` definitions of the significance options `compare` and
 * `gate` share, with their defaults but for `--correction`'s.
 *
 * @example
 * ```ts
 * import { significanceOptionDefinitions } from "./significance_options.ts";
 * console.log(significanceOptionDefinitions("holm").correction); // { type: "string", default: "holm" }
 * ```
 *
 * @param correction The default `--correction`.
 * @returns The definitions.
 */
export function significanceOptionDefinitions<const C extends string>(
  correction: C,
): {
  readonly test: { readonly type: "string"; readonly default: "t" };
  readonly alternative: {
    readonly type: "string";
    readonly default: "two-sided";
  };
  readonly "zero-method": {
    readonly type: "string";
    readonly default: "wilcox";
  };
  readonly "continuity-correction": { readonly type: "boolean" };
  readonly correction: { readonly type: "string"; readonly default: C };
  readonly alpha: { readonly type: "string"; readonly default: "0.05" };
  readonly seed: { readonly type: "string"; readonly default: "42" };
} {
  return {
    test: { type: "string", default: "t" },
    alternative: { type: "string", default: "two-sided" },
    "zero-method": { type: "string", default: "wilcox" },
    "continuity-correction": { type: "boolean" },
    correction: { type: "string", default: correction },
    alpha: { type: "string", default: "0.05" },
    seed: { type: "string", default: "42" },
  };
}

/**
 * Parses `--test`, `--correction`, `--alpha`, `--seed`, `--alternative`,
 * `--zero-method` and `--continuity-correction` (defined by
 * {@linkcode significanceOptionDefinitions}).
 *
 * @example
 * ```ts
 * import { significanceOptions } from "./significance_options.ts";
 * const options = significanceOptions(
 *   { test: "wilcoxon", correction: "holm", alpha: "0.01", seed: "42", alternative: "two-sided", "zero-method": "wilcox" },
 *   "compare ...",
 * );
 * console.log(options.test, options.alpha); // "wilcoxon" 0.01
 * ```
 *
 * @param values The parsed option values (strings, or undefined when absent).
 * @param usage The command's usage line, for errors.
 * @returns The options.
 * @throws {UsageError} If a value is not allowed.
 */
export function significanceOptions(
  values: {
    readonly test: string;
    readonly correction: string;
    readonly alpha: string;
    readonly seed: string;
    readonly alternative: string;
    readonly "zero-method": string;
    readonly "continuity-correction"?: boolean;
  },
  usage: string,
): SignificanceOptions {
  const test = choiceOption<SignificanceTest>(
    "--test",
    values.test,
    usage,
    SIGNIFICANCE_TESTS,
  );
  const alternative = choiceOption<Alternative>(
    "--alternative",
    values.alternative,
    usage,
    ALTERNATIVES,
  );
  if (test === "tukey" && alternative !== "two-sided") {
    throw new UsageError(
      `--test tukey is two-sided, got --alternative ${alternative}`,
      usage,
    );
  }
  return {
    test,
    correction: choiceOption<Correction>(
      "--correction",
      values.correction,
      usage,
      CORRECTIONS,
    ),
    alpha: numberOption("--alpha", values.alpha, usage, 0, 1),
    seed: intOption("--seed", values.seed, usage, 0, MAX_SEED),
    alternative,
    zeroMethod: choiceOption<ZeroMethod>(
      "--zero-method",
      values["zero-method"],
      usage,
      ZERO_METHODS,
    ),
    continuityCorrection: values["continuity-correction"] ?? false,
  };
}
