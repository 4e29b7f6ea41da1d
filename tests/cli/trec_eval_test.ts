import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { TREC_EVAL_DEVIATIONS } from "../../trec_eval/help.ts";

const CLI = new URL("../../cli.ts", import.meta.url).pathname;
const IDS =
  new URL("../testdata/trec_eval/cases/ids/", import.meta.url).pathname;

Deno.test("trec_eval --help lists the options and every deliberate difference", async () => {
  for (const flag of ["--help", "-h"]) {
    const { stdout, status } = await trecEval([flag]);
    assertEquals(status, 0);
    for (
      const option of [
        "-q",
        "-m",
        "-c",
        "-l",
        "-M",
        "-J",
        "-N",
        "-n",
        "-R",
        "-T",
        "-Z",
        "-v",
        "--trec-version",
      ]
    ) {
      assertEquals(stdout.includes(` ${option}`), true, option);
    }
    for (const deviation of TREC_EVAL_DEVIATIONS) {
      assertEquals(stdout.includes(deviation), true, deviation);
    }
  }
});

Deno.test("cli.ts trec_eval writes ids byte for byte and exits with trec_eval's status", async () => {
  const ok = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      CLI,
      "trec_eval",
      "-q",
      "-m",
      "relstring.30",
      "-m",
      "num_ret",
      "qrels",
      "run",
    ],
    cwd: IDS,
  }).output();
  assertEquals(ok.code, 0);
  assertEquals(ok.stdout, await Deno.readFile(`${IDS}relstring.expected`));
  const failed = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "trec_eval", "-m", "nope", "qrels", "run"],
    cwd: IDS,
  }).output();
  assertEquals(failed.code, 1);
  assertEquals(
    new TextDecoder().decode(failed.stderr),
    "trec_eval: illegal measure 'nope'\n",
  );
});
