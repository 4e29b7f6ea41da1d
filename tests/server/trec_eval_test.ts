// POST /v1/trec_eval answers trec_eval 10.0's bytes on its own test data.
import { assertEquals } from "../assert.ts";
import { QUICKTEST, QUICKTEST_DIR } from "../trec_eval/_quicktest.ts";
import { createApp } from "../../server.ts";
import { trecEvalOnTexts } from "../../server/trec_eval.ts";
import { serve } from "./_serve.ts";

const DIR = new URL(`file://${QUICKTEST_DIR}`);
const text = (name: string) => Deno.readTextFile(new URL(name, DIR));
const bytes = (name: string) => Deno.readFile(new URL(name, DIR));

// The quicktest commands of the conformance README, files given as texts.
// Every quicktest case but -Z, which names a file the server refuses to read:
// options in "args", the two files' texts in their own fields.
const CASES = QUICKTEST.filter(([, args]) => !args.includes("-Z")).map((
  [expected, args],
) => [expected, args.slice(0, -2), args.at(-2)!, args.at(-1)!] as const);

Deno.test("POST /v1/trec_eval reproduces trec_eval's quicktest outputs byte for byte", async () => {
  await using server = serve(createApp());
  for (const [expected, args, qrels, run] of CASES) {
    const response = await server.post("/v1/trec_eval", {
      qrels: await text(qrels),
      run: await text(run),
      args,
    });
    assertEquals(response.status, 200, expected);
    assertEquals(
      response.headers.get("content-type"),
      "text/plain; charset=utf-8",
    );
    assertEquals(
      new Uint8Array(await response.arrayBuffer()),
      await bytes(expected),
      expected,
    );
  }
});

Deno.test("POST /v1/trec_eval answers trec_eval's failures as 400", async () => {
  await using server = serve(createApp());
  const cases: [Record<string, unknown>, number, string][] = [
    [
      { qrels: "301 0 d1\n", run: "301 Q0 d1 1 1.0 t\n" },
      2,
      "trec_eval.get_qrels: Malformed line 1\ntrec_eval: Quit in file 'qrels'\n",
    ],
    [
      { qrels: "301 0 d1 1\n", run: "" },
      2,
      "trec_eval.get_results: Cannot read results file 'run'\ntrec_eval: Quit in file 'run'\n",
    ],
    [
      {
        qrels: "301 0 d1 1\n",
        run: "301 Q0 d1 1 1.0 t\n",
        args: ["/etc/passwd"],
      },
      1,
      'trec_eval: "args" holds options only; the qrels and run come from their fields, got extra "/etc/passwd"\n',
    ],
  ];
  for (const [body, exitStatus, stderr] of cases) {
    const response = await server.post("/v1/trec_eval", body);
    assertEquals(response.status, 400);
    const problem = await response.json();
    assertEquals(problem.exitStatus, exitStatus);
    assertEquals(problem.stderr, stderr);
    assertEquals(problem.detail, stderr.trim());
  }
  // -Z would read a file named by the request: refused before trec_eval runs.
  const zscores = await server.post("/v1/trec_eval", {
    qrels: "301 0 d1 1\n",
    run: "301 Q0 d1 1 1.0 t\n",
    args: ["-Z", "zscores_file"],
  });
  assertEquals(zscores.status, 400);
  assertEquals(
    (await zscores.json()).detail,
    'Option "-Z" reads a file, which this service does not allow.',
  );
});

Deno.test("trecEvalOnTexts never opens a file named in the options", async () => {
  // Called directly, without the route's check: the z-score "file" is
  // looked up among the texts only and reads as empty.
  const { status, stderr } = await trecEvalOnTexts(
    ["-Z", "/etc/hostname", "-q"],
    "301 0 d1 1\n",
    "301 Q0 d1 1 1.0 t\n",
  );
  assertEquals(status, 255);
  assertEquals(
    stderr,
    "trec_eval.get_zscores: Cannot read zscores file '/etc/hostname'\n",
  );
});

Deno.test("trecEvalOnTexts keeps ids that are not ASCII byte for byte", async () => {
  const { status, stdout } = await trecEvalOnTexts(
    ["-q", "-m", "num_ret"],
    "tópico 0 d1 1\n",
    "tópico Q0 d1 1 1.0 t\n",
  );
  assertEquals(status, 0);
  const response = new TextDecoder().decode(
    Uint8Array.from(stdout, (c) => c.charCodeAt(0)),
  );
  assertEquals(
    response,
    "num_ret               \ttópico\t1\nnum_ret               \tall\t1\n",
  );
});
