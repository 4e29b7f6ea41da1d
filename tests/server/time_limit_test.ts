import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import { Deadline, TIME_LIMIT_STATUS } from "../../server/time_limit.ts";
import { evaluateRequest } from "../../server/evaluate.ts";
import { HttpProblem } from "../../server/problem.ts";

Deno.test("Deadline.check throws once the clock reaches the end", () => {
  let now = 1000;
  const deadline = new Deadline(50, () => now);
  now = 1049;
  deadline.check();
  assertEquals(deadline.signal.aborted, false);
  now = 1050;
  const error = assertThrows(() => deadline.check(), HttpProblem);
  assertEquals((error as HttpProblem).status, TIME_LIMIT_STATUS);
  assertEquals(deadline.signal.aborted, true);
});

Deno.test("Deadline.expire stops the next check whatever the clock says", () => {
  const deadline = new Deadline(60_000);
  deadline.check();
  deadline.expire();
  assertThrows(
    () => deadline.check(),
    HttpProblem,
    "longer than its time limit of 60000 ms",
  );
});

Deno.test("Deadline.pause yields only after a slice of computation", async () => {
  let now = 0;
  const deadline = new Deadline(1000, () => now);
  let timerRan = false;
  setTimeout(() => timerRan = true, 0);
  now = 5;
  await deadline.pause(10);
  assertEquals(timerRan, false);
  now = 10;
  await deadline.pause(10);
  assertEquals(timerRan, true);
});

Deno.test("evaluation stops between queries when the time is up", async () => {
  // Each clock reading costs 1 ms: the run's 50 queries cannot all fit in 30.
  let now = 0;
  const deadline = new Deadline(30, () => now++);
  let qrels = "";
  let run = "";
  for (let q = 1; q <= 50; q++) {
    qrels += `q${q} 0 d1 1\n`;
    run += `q${q} Q0 d1 1 1.0 t\n`;
  }
  const error = await assertRejects(
    () => evaluateRequest({ qrels, run }, { deadline }),
    HttpProblem,
    "time limit of 30 ms",
  );
  assertEquals((error as HttpProblem).status, 504);
  // With time to spare, the same request completes.
  const answer = await evaluateRequest({ qrels, run, metrics: ["rr"] }, {
    deadline: new Deadline(60_000),
  });
  assertEquals(answer.aggregate, { rr: 1 });
});
