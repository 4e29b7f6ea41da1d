/**
 * The runs `readRun` returns, kept so that `evaluate` can scan their source
 * byte by byte instead of iterating them line by line into strings. Private
 * to the package: nothing here is exported by `mod.ts`.
 *
 * @module
 */

import type { ReadRunOptions } from "./trec_run.ts";
import type { Source } from "./source.ts";

/** A run not yet iterated: its source, its options, and how to set its tag. */
export interface ScannableRun {
  /** What `readRun` was given to read. */
  readonly source: Source;
  /** The options `readRun` was given. */
  readonly options: ReadRunOptions;
  /** Sets the run's `tag`, as iterating it would have. */
  readonly setTag: (tag: string | undefined) => void;
}

/** Runs returned by `readRun` and not yet iterated. */
export const SCANNABLE_RUNS: WeakMap<object, ScannableRun> = new WeakMap();
