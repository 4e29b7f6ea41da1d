/**
 * Decompresses a gzip file on its own thread, so parsing and inflating run
 * on two cores (see `GzipFileReader`). Buffers travel back and forth: the
 * reader lends one, the worker fills it and gives it back, so memory stays at
 * a few buffers and no garbage piles up.
 *
 * @module
 */

import { ChunkReader } from "./chunk_reader.ts";
import { type GunzipBound, gunzipFile } from "./gunzip.ts";

/** The reader's requests: open a file (with its bound), or fill a buffer. */
export type GunzipRequest =
  | { open: string; bound?: GunzipBound }
  | { fill: ArrayBuffer };

/** A filled buffer (`length` 0 at the end), or an error message. */
export type GunzipReply = { buffer: ArrayBuffer; length: number } | {
  error: string;
};

let reader: ChunkReader | undefined;
let failure: string | undefined;

/** This worker's side of the channel (typed here: JSR forbids lib directives). */
const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
};

// Requests are handled one after another: a fill must wait for the open.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<GunzipRequest>) => {
  queue = queue.then(() => handle(event.data));
};

async function handle(request: GunzipRequest): Promise<void> {
  if ("open" in request) {
    // GzipFileReader.open has checked the file; a read error surfaces on
    // the first fill.
    reader = new ChunkReader(gunzipFile(request.open, request.bound));
    return;
  }
  if (failure !== undefined || !reader) {
    scope.postMessage({ error: failure ?? "no file is open" });
    return;
  }
  const into = new Uint8Array(request.fill);
  let length;
  try {
    length = await reader.readFull(into);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    scope.postMessage({ error: failure });
    return;
  }
  scope.postMessage({ buffer: into.buffer, length }, [into.buffer]);
}
