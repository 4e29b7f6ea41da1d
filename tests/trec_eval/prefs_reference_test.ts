/**
 * Preferences (`-R prefs`, `-R qrels_prefs`) against trec_eval 10.0's own
 * output: synthetic files of several users sharing documents (the per-pair
 * shares of `prefs_pair`), several sub-groups (the closed partial orders),
 * repeated lines, a depth, a cycle and an inconsistent level, and real
 * qrels read as preferences. Expected outputs come from
 * `/work/ref/te10/trec_eval` run on the same files, recorded in each case's
 * JSON; a topic of 45,000 judged documents, which trec_eval holds in a
 * 4 GB matrix, is scored in bounded memory.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { assertCaseResult, type DifferentialCase } from "./_cases.ts";

const DIR = new URL("../testdata/trec_eval/prefs_reference/", import.meta.url)
  .pathname;

const CASES: DifferentialCase[] = [...Deno.readDirSync(DIR)]
  .map((e) => e.name)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => {
    const id = name.slice(0, -".json".length);
    return {
      dataset: "prefs_reference",
      id,
      dir: DIR,
      ...JSON.parse(Deno.readTextFileSync(DIR + name)),
      expected: `${DIR}${id}.expected`,
    };
  });

for (const c of CASES) {
  Deno.test(`prefs_reference/${c.id}: ${c.command}`, async () => {
    assertCaseResult(await trecEval(c.args, { cwd: c.dir }), c);
  });
}

Deno.test("the preference reference cases are all there", () => {
  assertEquals(CASES.length, 10);
  // Several users judging the same documents make prefs_pair differ from
  // prefs_simp, so the per-pair shares are exercised, not only the counts.
  const users = Deno.readTextFileSync(DIR + "users.expected");
  const all = (name: string) =>
    users.match(new RegExp(`^${name} +\\tall\\t(.*)$`, "m"))?.[1];
  assertEquals([all("prefs_simp"), all("prefs_pair")], ["0.4061", "0.4098"]);
});

/** A deterministic pseudo-random sequence. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * One topic of 45,000 judged documents read as qrels_prefs (levels 0 to
 * 2), and a run retrieving about 30,000 of them among 5,000 unjudged ones.
 */
export function largeTopic(): { qrels: string; run: string } {
  const random = lcg(45_000);
  const levels = [0, 0, 0, 1, 2];
  let qrels = "";
  for (let d = 0; d < 45_000; d++) {
    qrels += `1 0 D${d} ${levels[Math.floor(random() * 5)]}\n`;
  }
  let run = "";
  let rank = 0;
  for (let d = 0; d < 50_000; d++) {
    if (random() < 0.6) {
      run += `1 Q0 D${d} ${++rank} ${Math.floor(random() * 1e6)} big\n`;
    }
  }
  return { qrels, run };
}

Deno.test("a qrels_prefs topic of 45,000 documents is scored as trec_eval, in bounded memory", async () => {
  // trec_eval 10.0 holds 45,000² 16-bit pair counts (4 GB; it peaked at
  // 3.96 GB resident and took 100 s); ranklens once did too (3.4 GB). Run
  // in a child with a 192 MB V8 heap, which reports its peak resident
  // memory (VmHWM): the bound is what 45,000 documents take (about 100 MB),
  // far below the 4 GB of the matrix.
  const dir = await Deno.makeTempDir();
  try {
    const { qrels, run } = largeTopic();
    await Deno.writeTextFile(`${dir}/qrels`, qrels);
    await Deno.writeTextFile(`${dir}/run`, run);
    const command = new URL("../../trec_eval/command.ts", import.meta.url).href;
    const script = `
      import { trecEval } from ${JSON.stringify(command)};
      const result = await trecEval(["-q", "-R", "qrels_prefs", "-m", "all_prefs", "qrels", "run"], { cwd: ${
      JSON.stringify(dir)
    } });
      const peak = Deno.readTextFileSync("/proc/self/status").match(/VmHWM:\\s+(\\d+) kB/)[1];
      console.log(JSON.stringify({ status: result.status, stderr: result.stderr, stdout: result.stdout, peakKiB: Number(peak) }));
    `;
    const child = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--v8-flags=--max-old-space-size=192", script],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(new TextDecoder().decode(child.stderr), "");
    const out = JSON.parse(new TextDecoder().decode(child.stdout));
    assertEquals([out.status, out.stderr], [0, ""]);
    assertEquals(
      out.stdout,
      Deno.readTextFileSync(DIR + "large/all_prefs.expected"),
    );
    // 45,000² pair counts of 2 bytes would be 4,050,000,000 bytes.
    const matrixKiB = 45_000 * 45_000 * 2 / 1024;
    const boundKiB = 512 * 1024;
    assertEquals(boundKiB < matrixKiB / 7, true);
    assertEquals(out.peakKiB < boundKiB, true, `peak ${out.peakKiB} KiB`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
