/**
 * Sending a scoring answer: in pieces from the buffer the worker filled,
 * counted among the answers held until the client has taken the last
 * piece, so clients that read slowly cannot pile up answers without bound.
 *
 * @module
 */

import type { Context } from "hono";
import { HttpProblem } from "./problem.ts";
import {
  BODY_BYTES_PER_EXTRA_SECOND,
  type ByteBudget,
  watchTransferTime,
} from "./request_body.ts";
import type { ScoredAnswer } from "./scoring.ts";

/** Bytes sent at a time: 64 KiB. */
const PIECE = 64 * 1024;

/**
 * Answers with a scored answer held in `held` until it is sent. When the
 * answers being sent fill `held`, it waits in line for room, up to
 * `waitLimit` milliseconds (then 503 with `Retry-After`): its request keeps
 * its scoring slot meanwhile, so no new work starts while answers wait. The
 * answer's buffer is sent in copied pieces of 64 KiB and released
 * (detached) once the last one is taken or the client goes, so its memory
 * goes back then, not at the serving thread's next garbage collection.
 * A client must take its answer as a request body must arrive: within
 * `sendTimeLimit`, plus a second per 64 KiB taken, at most three times it;
 * past that the answer is ended short of its length (which closes the
 * connection) and released, so a client that stops reading cannot keep its
 * share of `held`.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { sendAnswer } from "./answer_body.ts";
 * import { ByteBudget } from "./request_body.ts";
 * const held = new ByteBudget(1000);
 * const app = new Hono();
 * app.get("/", (c) =>
 *   sendAnswer(c, {
 *     status: 200,
 *     headers: { "content-type": "text/plain" },
 *     body: new TextEncoder().encode("done"),
 *   }, held, 1000));
 * const response = await app.request("/");
 * console.log(held.used, response.headers.get("content-length")); // 4 "4"
 * console.log(await response.text(), held.used); // "done" 0
 * ```
 *
 * @param c The request's context.
 * @param answer The answer.
 * @param held The bytes of answers being sent, with their capacity.
 * @param waitLimit Milliseconds to wait for room in `held`.
 * @param signal Ends the wait too (the request's time limit): the answer
 * is then not sent, nothing of it stays held, and the signal's reason is
 * thrown.
 * @param sendTimeLimit Milliseconds the client has to take the answer,
 * stretched as above (the body time limit). Default: no limit.
 * @returns The response.
 * @throws {HttpProblem} 503 when no room frees up in time; the reason of
 * `signal` when it is aborted first.
 */
export async function sendAnswer(
  c: Context,
  answer: ScoredAnswer,
  held: ByteBudget,
  waitLimit: number,
  signal?: AbortSignal,
  sendTimeLimit = Infinity,
): Promise<Response> {
  const bytes = answer.body;
  const size = bytes.byteLength;
  const room = await held.reserve(
    size,
    AbortSignal.any([
      AbortSignal.timeout(waitLimit),
      c.req.raw.signal,
      ...(signal ? [signal] : []),
    ]),
  );
  if (!room) {
    release(bytes);
    // The time limit's own problem (its 504), whichever of the two ends
    // up answering.
    if (signal?.aborted) throw signal.reason;
    throw new HttpProblem(
      503,
      `The server holds as many bytes of answers as it may (${held.capacity}, RANKLENS_MAX_RUNNING × RANKLENS_MAX_OUTPUT_BYTES) for clients still reading theirs, and none was read within ${waitLimit} ms; retry later.`,
      { headers: { "retry-after": "1" } },
    );
  }
  let offset = 0;
  let done = false;
  let unwatch = () => {};
  const finish = () => {
    if (done) return;
    done = true;
    unwatch();
    release(bytes);
    held.give(size);
  };
  const started = performance.now();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!Number.isFinite(sendTimeLimit)) return;
      unwatch = watchTransferTime(sendTimeLimit, () => offset, () => {
        console.error(
          `ranklens: an answer of ${size} bytes was broken off: its client took ${offset} bytes in ${
            Math.round(performance.now() - started)
          } ms, slower than its time limit allows (RANKLENS_BODY_TIME_LIMIT_MS, ${sendTimeLimit} ms plus a second per ${BODY_BYTES_PER_EXTRA_SECOND} bytes)`,
        );
        // Ended short of its content-length, the connection is closed; an
        // error would make Deno print a stack trace for it.
        controller.close();
        finish();
      });
    },
    pull(controller) {
      if (offset >= size) {
        controller.close();
        finish();
        return;
      }
      const end = Math.min(size, offset + PIECE);
      // A copy: the pieces handed to the runtime never share the buffer
      // that is detached at the end.
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
    cancel: finish,
  }, { highWaterMark: 0 });
  return c.body(stream, answer.status as 200, {
    ...answer.headers,
    "content-length": String(size),
  });
}

/** Gives a buffer's memory back at once. */
function release(bytes: Uint8Array<ArrayBuffer>): void {
  if (bytes.byteLength === bytes.buffer.byteLength) {
    bytes.buffer.transferToFixedLength(0);
  }
}
