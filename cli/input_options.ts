/**
 * The options that say what shape a command's qrels and runs are in:
 * `--qrels-format`, `--run-format` and `--split`, shared by `eval`,
 * `compare` and `gate`.
 *
 * @module
 */

import { builtinFormats } from "../formats/format_registry.ts";
import type { FormatKind } from "../formats/format_registry.ts";
import { UsageError } from "./errors.ts";

/** The `parseArgs` definitions of the input options. */
export const INPUT_OPTIONS = {
  "qrels-format": { type: "string" },
  "run-format": { type: "string" },
  split: { type: "string" },
} as const;

/** The help lines of the input options. */
export const INPUT_OPTIONS_HELP = `      --qrels-format F  QRELS's format: ${
  names(["qrels", "dataset"])
} (default: detected from name and content)
      --run-format F    RUN's format: ${names(["run"])}
                        (default: detected)
      --split NAME      the split of a BEIR folder given as QRELS (qrels/NAME.tsv;
                        default test)`;

function names(kinds: FormatKind[]): string {
  return builtinFormats.formats().filter((f) => kinds.includes(f.kind)).map((
    f,
  ) => f.name).join(", ");
}

/** What the input options ask for. */
export interface InputChoices {
  /** How to read the qrels. */
  readonly qrels: { readonly format?: string; readonly split?: string };
  /** How to read each run. */
  readonly run: { readonly format?: string };
}

/**
 * Checks the input options' values.
 *
 * @example
 * ```ts
 * import { inputChoices } from "./input_options.ts";
 * console.log(inputChoices({ "run-format": "json-run" }, "eval ...").run); // { format: "json-run" }
 * ```
 *
 * @param values The parsed options.
 * @param usage The command's usage line.
 * @returns The choices.
 * @throws {UsageError} If a format is unknown or of another kind.
 */
export function inputChoices(
  values: {
    "qrels-format"?: string;
    "run-format"?: string;
    split?: string;
  },
  usage: string,
): InputChoices {
  const check = (
    flag: string,
    value: string | undefined,
    kinds: FormatKind[],
  ) => {
    if (value === undefined) return undefined;
    const known = builtinFormats.formats().filter((f) =>
      kinds.includes(f.kind)
    );
    if (!known.some((f) => f.name === value)) {
      throw new UsageError(
        `${flag} must be one of ${
          known.map((f) => f.name).join(", ")
        }, got "${value}"`,
        usage,
      );
    }
    return value;
  };
  return {
    qrels: {
      format: check("--qrels-format", values["qrels-format"], [
        "qrels",
        "dataset",
      ]),
      split: values.split,
    },
    run: { format: check("--run-format", values["run-format"], ["run"]) },
  };
}
