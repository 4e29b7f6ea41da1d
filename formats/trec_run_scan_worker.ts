/**
 * The worker half of {@linkcode scanRunParallel}: scans a byte range of a run
 * file and posts compact topic scans back.
 *
 * @module
 */

import { type ScanRunOptions, scanTopics } from "./trec_run_scan.ts";
import { buffersOf, type PackedScans, packScans } from "./_packed_scans.ts";
import { InputError, RepeatedDocumentError } from "../model/errors.ts";
import { UngroupedRunError } from "./ungrouped_run_error.ts";
import type { Qrels } from "../model/types.ts";

/** What the main thread asks of the worker. */
export interface ScanRequest {
  /** The run file. */
  path: string;
  /** The judgements. */
  qrels: Qrels;
  /** Scan options, with the byte range. */
  options: ScanRunOptions;
}

/** What the worker posts back. */
export type ScanMessage =
  | { type: "topics"; topics: PackedScans }
  | { type: "done"; tag: string | undefined; lines: number }
  | {
    type: "error";
    kind: "input" | "ungrouped" | "duplicate" | "other";
    file: string;
    line: number;
    reason: string;
    queryId?: string;
    docno?: string;
  };

/** This worker's side of the channel (typed here: JSR forbids lib directives). */
const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
};

scope.onmessage = async (event: MessageEvent<ScanRequest>) => {
  const { path, qrels, options } = event.data;
  const post = (message: ScanMessage) => scope.postMessage(message);
  try {
    const scans = scanTopics(path, qrels, options);
    // A message per chunk of the file: its topics.
    for await (const batch of scans.batches()) {
      const topics = packScans(batch);
      scope.postMessage({ type: "topics", topics }, buffersOf(topics));
    }
    post({ type: "done", tag: scans.tag, lines: scans.lines });
  } catch (error) {
    if (error instanceof InputError) {
      post({
        type: "error",
        kind: error instanceof RepeatedDocumentError
          ? "duplicate"
          : error instanceof UngroupedRunError
          ? "ungrouped"
          : "input",
        file: error.file,
        line: error.line,
        reason: error.reason,
        queryId: error instanceof RepeatedDocumentError
          ? error.queryId
          : undefined,
        docno: error instanceof RepeatedDocumentError ? error.docno : undefined,
      });
    } else {post({
        type: "error",
        kind: "other",
        file: path,
        line: 0,
        reason: String(error),
      });}
  }
};
