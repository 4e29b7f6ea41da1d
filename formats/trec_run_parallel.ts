/**
 * Scans a large run file on several cores: the file is cut into parts at
 * topic boundaries, workers scan all parts but the first, and this thread
 * scans the first.
 *
 * @module
 */

import type { Qrels } from "../model/types.ts";
import { InputError, RepeatedDocumentError } from "../model/errors.ts";
import { UngroupedRunError } from "./ungrouped_run_error.ts";
import {
  rankingsOf,
  type ScannedRun,
  type ScannedTopics,
  type ScanRunOptions,
  scanTopics,
  type TopicScan,
} from "./trec_run_scan.ts";
import type { ScanMessage, ScanRequest } from "./trec_run_scan_worker.ts";
import { type Source, startsWithGzipMagic } from "./source.ts";
import { inputLimits } from "./limits.ts";
import { TopicIdSet } from "./_topic_id_set.ts";
import { flattened } from "./_flattened.ts";
import { unpackScans } from "./_packed_scans.ts";

/** Files smaller than this are scanned on one thread: a worker costs more than it saves. */
export const PARALLEL_THRESHOLD = 32 << 20;

/** Options of {@linkcode scanRunParallel}. */
export interface ParallelScanOptions extends Omit<ScanRunOptions, "range"> {
  /** Files of at least this many bytes are split. Default: {@linkcode PARALLEL_THRESHOLD}. */
  threshold?: number;
  /**
   * Yield topics in file order. With false, the workers' topics are yielded
   * as soon as they arrive, between the first part's, so they do not wait in
   * memory until the first part is done. Default: true.
   */
  ordered?: boolean;
  /**
   * How many parts a large file is split into at topic boundaries, each
   * scanned on its own thread. Default: the number of cores, from 1 to
   * {@linkcode MAX_PARTS}.
   */
  parts?: number;
}

/**
 * `scanRun` on one thread per core for a plain run file of at
 * least {@linkcode PARALLEL_THRESHOLD} bytes; otherwise exactly `scanRun`.
 * Topics come in file order. A topic found in two parts means the run is not
 * grouped: {@linkcode UngroupedRunError}.
 *
 * @example
 * ```ts
 * import { scanRunParallel } from "./trec_run_parallel.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "q1 Q0 a 1 1 t\nq1 Q0 b 2 2 t\n");
 * const run = scanRunParallel(path, new Map([["q1", new Map([["a", 1]])]]));
 * for await (const topic of run) console.log(topic.ranking?.grades); // Float64Array [-1, 1]
 * await Deno.remove(path);
 * ```
 *
 * @param source The run: a plain file is split; any other source (standard
 * input, a `.gz` file, a stream) is scanned on this thread.
 * @param qrels The judgements.
 * @param options Scan options (no range).
 * @returns The scanned run.
 */
export function scanRunParallel(
  source: Source,
  qrels: Qrels,
  options: ParallelScanOptions = {},
): ScannedRun {
  return rankingsOf(scanTopicsParallel(source, qrels, options), qrels, options);
}

/**
 * {@linkcode scanTopics} on one thread per core for a large plain file: the compact
 * form of {@linkcode scanRunParallel}, for callers that turn each scan into a
 * ranking themselves (with `joinJudgements` and a reused grades array).
 *
 * @example
 * ```ts
 * import { scanTopicsParallel } from "./trec_run_parallel.ts";
 * const path = await Deno.makeTempFile();
 * await Deno.writeTextFile(path, "q1 Q0 a 1 1 t\nq1 Q0 b 2 2 t\n");
 * for await (const scan of scanTopicsParallel(path, new Map([["q1", new Map([["a", 1]])]]))) {
 *   console.log(scan.numRet, scan.ranks); // 2 Int32Array [2]
 * }
 * await Deno.remove(path);
 * ```
 *
 * @param source The run: a plain file is split; any other source (standard
 * input, a `.gz` file, a stream) is scanned on this thread.
 * @param qrels The judgements.
 * @param options Scan options (no range).
 * @returns The scanned topics.
 */
export function scanTopicsParallel(
  source: Source,
  qrels: Qrels,
  options: ParallelScanOptions = {},
): ScannedTopics {
  if (typeof source !== "string" || source === "-" || source.endsWith(".gz")) {
    return scanTopics(source, qrels, options);
  }
  const path = source;
  const threshold = options.threshold ?? PARALLEL_THRESHOLD;
  const ordered = options.ordered ?? true;
  let tag: string | undefined;
  let lines = 0;
  async function* batches(): AsyncGenerator<readonly TopicScan[]> {
    // Synchronously: a stat does not wait on anyone, and an asynchronous
    // call is a trip through a thread pool, which on a busy machine waits
    // for a core.
    const size = Deno.statSync(path).size;
    // Gzip data under another name cannot be split: it is inflated whole.
    const parts = size >= threshold && !(await startsWithGzipMagic(path))
      ? options.parts ?? defaultParts()
      : 1;
    // Part p runs from starts[p]: each start is the first line of a topic.
    const starts = [0];
    for (let p = 1; p < parts; p++) {
      const start = await topicBoundary(
        path,
        Math.floor(size * p / parts),
        inputLimits(options.limits).maxLineBytes,
      );
      if (start < size && start > starts[starts.length - 1]) starts.push(start);
    }
    if (starts.length === 1) {
      const scans = scanTopics(path, qrels, options);
      yield* scans.batches();
      tag = scans.tag;
      lines = scans.lines;
      return;
    }
    const workers = starts.slice(1).map((start, i) =>
      startWorker({
        path,
        qrels,
        // A worker does not see this thread's process-wide bounds.
        options: {
          ...options,
          limits: inputLimits(options.limits),
          range: [start, starts[i + 2] ?? size],
        },
      })
    );
    // Which part each topic was found in: a topic in two parts means the
    // run is not grouped.
    // Each part finds a topic that comes back within it, so a topic seen
    // before is one of another part.
    const seen = new TopicIdSet();
    const claim = (scans: readonly TopicScan[]) => {
      for (const { queryId } of scans) {
        if (seen.addString(queryId)) continue;
        throw new UngroupedRunError(
          options.name ?? path,
          0,
          `topic "${queryId}" appears in two parts of the file; the run is not grouped by topic`,
        );
      }
      return scans;
    };
    // Lines of the parts before the one being read, for absolute line numbers.
    let linesBefore = 0;
    const fromWorker = function* (message: ScanMessage) {
      if (message.type === "topics") {
        if (message.topics.queryIds.length) {
          yield claim(unpackScans(message.topics));
        }
      } else if (message.type === "done") {
        tag = message.tag ?? tag;
        linesBefore += message.lines;
      } else {
        const line = message.line ? message.line + linesBefore : 0;
        throw errorOf(message, line);
      }
    };
    try {
      const first = scanTopics(path, qrels, {
        ...options,
        range: [0, starts[1]],
      });
      for await (const scans of first.batches()) {
        yield claim(scans);
        if (!ordered) {
          for (const worker of workers) {
            for (const message of worker.ready()) yield* fromWorker(message);
          }
        }
      }
      tag = first.tag;
      linesBefore = first.lines;
      // The rest in file order: errors and line counts come after all of a
      // part's topics, so line numbers add up part by part.
      for (const worker of workers) {
        for await (const message of worker.messages) yield* fromWorker(message);
      }
      lines = linesBefore;
    } finally {
      for (const worker of workers) worker.worker.terminate();
    }
  }
  const batched = batches();
  const iterator = flattened(batched);
  return {
    get tag() {
      return tag;
    },
    get lines() {
      return lines;
    },
    batches: () => batched,
    [Symbol.asyncIterator]: () => iterator,
  };
}

/** At most this many parts: each worker costs its own heap. */
export const MAX_PARTS = 4;

/** One part per core, from 1 to {@linkcode MAX_PARTS}. */
function defaultParts(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(cores, MAX_PARTS));
}

function errorOf(
  message: Extract<ScanMessage, { type: "error" }>,
  line: number,
): Error {
  if (message.kind === "duplicate") {
    return new RepeatedDocumentError(
      message.file,
      line,
      message.queryId!,
      message.docno!,
    );
  }
  if (message.kind === "ungrouped") {
    return new UngroupedRunError(message.file, line, message.reason);
  }
  if (message.kind === "input") {
    return new InputError(message.file, line, message.reason);
  }
  return new Error(message.reason);
}

function startWorker(request: ScanRequest): {
  worker: Worker;
  messages: AsyncIterable<ScanMessage>;
  ready: () => ScanMessage[];
} {
  const worker = new Worker(
    new URL("./trec_run_scan_worker.ts", import.meta.url),
    { type: "module" },
  );
  const queue: ScanMessage[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  worker.onmessage = (event: MessageEvent<ScanMessage>) => {
    queue.push(event.data);
    if (event.data.type !== "topics") ended = true;
    wake?.();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    queue.push({
      type: "error",
      kind: "other",
      file: request.path,
      line: 0,
      reason: event.message,
    });
    ended = true;
    wake?.();
  };
  worker.postMessage(request);
  async function* messages(): AsyncGenerator<ScanMessage> {
    while (true) {
      while (queue.length) {
        const message = queue.shift()!;
        yield message;
        if (message.type !== "topics") return;
      }
      if (ended && !queue.length) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  }
  // Messages already received, taken without waiting; after an error or the
  // end, the rest is left to `messages`.
  const ready = (): ScanMessage[] => {
    const taken: ScanMessage[] = [];
    while (queue.length && queue[0].type === "topics") {
      taken.push(queue.shift()!);
    }
    return taken;
  };
  return { worker, messages: messages(), ready };
}

/**
 * The first byte at or after `from` that starts a line of a new topic;
 * Infinity (no split) at the end, or at a line longer than `maxLine`, which
 * the first part's scan then refuses.
 */
async function topicBoundary(
  path: string,
  from: number,
  maxLine: number,
): Promise<number> {
  const file = await Deno.open(path);
  try {
    await file.seek(from, Deno.SeekMode.Start);
    const window = new Uint8Array(1 << 16);
    // The line in progress, in pieces: joined once it ends, so that a long
    // line is copied and searched once, not again with every read.
    let pieces: Uint8Array[] = [];
    let pending = 0;
    let offset = from; // file offset of the line in progress
    let firstQid: string | undefined;
    let skippedPartial = from === 0;
    const decoder = new TextDecoder();
    while (true) {
      const read = await file.read(window);
      if (read === null) return Infinity;
      const chunk = window.subarray(0, read);
      let start = 0;
      for (
        let nl = chunk.indexOf(10);
        nl !== -1;
        nl = chunk.indexOf(10, start)
      ) {
        let line = chunk.subarray(start, nl);
        if (pending) {
          const whole = new Uint8Array(pending + line.length);
          let at = 0;
          for (const piece of [...pieces, line]) {
            whole.set(piece, at);
            at += piece.length;
          }
          line = whole;
          pieces = [];
        }
        const lineStart = offset;
        offset += line.length + 1;
        pending = 0;
        start = nl + 1;
        if (!skippedPartial) {
          skippedPartial = true;
          continue;
        }
        const qid = decoder.decode(line).trim().split(/[ \t\r\v\f]+/)[0];
        if (qid === "" || qid.startsWith("#")) continue;
        if (firstQid === undefined) firstQid = qid;
        else if (qid !== firstQid) return lineStart;
      }
      if (start < read) {
        pieces.push(chunk.slice(start));
        pending += read - start;
      }
      if (pending > maxLine) return Infinity;
    }
  } finally {
    file.close();
  }
}
