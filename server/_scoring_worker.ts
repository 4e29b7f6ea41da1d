/**
 * The scoring worker: answers the scoring requests the pool posts to it,
 * one at a time, with the same code as the calling thread.
 *
 * @module
 */

import type { Budgets } from "./budgets.ts";
import { isUserError, problemOf } from "./problem.ts";
import { answerParsed, parseJsonObject, type ScoringRoute } from "./scoring.ts";
import type { WorkerReply } from "./scoring_pool.ts";

/** What the pool posts: the route, the body's bytes and the budgets. */
interface Task {
  route: ScoringRoute;
  body: ArrayBuffer;
  budgets: Budgets;
}

// deno-lint-ignore no-explicit-any
const port = self as any;

port.onmessage = async ({ data }: MessageEvent<Task>) => {
  let reply: WorkerReply;
  try {
    const body = parseJsonObject(new Uint8Array(data.body));
    // Its bytes go back to the system now, not when the collector finds
    // the buffer dead, which on a busy worker is seconds of bodies later.
    data.body.transferToFixedLength(0);
    const answer = await answerParsed(data.route, body, {
      budgets: data.budgets,
    });
    port.postMessage({ answer } satisfies WorkerReply, [answer.body.buffer]);
    return;
  } catch (error) {
    if (isUserError(error)) {
      const problem = problemOf(error);
      reply = {
        problem: {
          status: problem.status,
          detail: problem.message,
          extensions: { ...problem.extensions },
          headers: { ...problem.headers },
        },
      };
    } else {
      reply = {
        bug: error instanceof Error
          ? error.stack ?? `${error.name}: ${error.message}`
          : String(error),
      };
    }
  }
  port.postMessage(reply);
};
