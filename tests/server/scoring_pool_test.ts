import { assertEquals } from "../assert.ts";
import { DEFAULT_BUDGETS } from "../../server/budgets.ts";
import { ScoringPool } from "../../server/scoring_pool.ts";

const body = () =>
  new TextEncoder().encode(JSON.stringify({
    qrels: "q1 0 d1 1\nq2 0 d9 1\n",
    run: "q1 Q0 d1 1 2 t\nq2 Q0 d2 1 2 t\nq2 Q0 d9 2 1 t\n",
    metrics: ["rr"],
  }));

async function evaluateOn(pool: ScoringPool): Promise<unknown> {
  const answer = await pool.run("evaluate", body(), {
    budgets: DEFAULT_BUDGETS,
    signal: AbortSignal.timeout(60_000),
  });
  return JSON.parse(new TextDecoder().decode(answer.body)).aggregate;
}

/** Waits, at most about five seconds, for `ready`. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ready(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

Deno.test("a worker that carried many bytes is replaced once idle, and the replacement scores", async () => {
  const pool = new ScoringPool({
    size: 1,
    recycleIdleAfter: 1,
    recycleWhenIdleFor: 20,
  });
  try {
    // rr: q1 finds d1 at rank 1, q2 finds d9 at rank 2; (1 + 1/2) / 2.
    assertEquals(await evaluateOn(pool), { rr: 0.75 });
    assertEquals(pool.started, 1);
    await until(() => pool.started === 2);
    assertEquals([pool.started, pool.workers], [2, 1]);
    assertEquals(await evaluateOn(pool), { rr: 0.75 });
  } finally {
    pool.close();
  }
});

Deno.test("a worker that carried little stays", async () => {
  const pool = new ScoringPool({
    size: 1,
    recycleIdleAfter: 1024 * 1024,
    recycleWhenIdleFor: 10,
  });
  try {
    assertEquals(await evaluateOn(pool), { rr: 0.75 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assertEquals([pool.started, pool.workers], [1, 1]);
  } finally {
    pool.close();
  }
});
