// eval takes measures as the peers' users write them. The expected values
// are trec_eval 10.0's on the same files (-m official, -m set, -m all_trec,
// less relstring), committed as data.
import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

const QRELS = new URL("../../examples/qrels.txt", import.meta.url).pathname;
const RUN = new URL("../../examples/run.bm25.txt", import.meta.url).pathname;

const TREC_EVAL: Record<string, string> = {
  official:
    "bm25 20 400 156 151 0.7924 0.7857 0.6647 0.8222 1.0000 1.0000 1.0000 1.0000 0.9833 0.9833 0.9800 0.9019 0.7420 0.6039 0.5064 0.3752 0.9100 0.5400 0.4300 0.3775 0.2517 0.0755 0.0378 0.0151 0.0076",
  set: "bm25 20 400 156 151 -4.9000 0.3775 0.9653 0.9653 0.3674 0.5393",
  all_trec:
    "bm25 20 400 156 151 0.7924 0.7857 0.6647 0.8222 1.0000 1.0000 1.0000 1.0000 0.9833 0.9833 0.9800 0.9019 0.7420 0.6039 0.5064 0.3752 0.9100 0.5400 0.4300 0.3775 0.2517 0.0755 0.0378 0.0151 0.0076 0.5884 0.6911 0.8255 0.9653 0.9653 0.9653 0.9653 0.9653 0.9653 0.7924 0.8166 1.0000 0.9750 0.9050 0.7560 0.6647 0.5552 0.5040 0.4683 0.4359 0.4319 -4.9000 0.8251 0.7345 0.7645 0.9302 0.9262 0.8965 0.9308 0.8569 0.8948 0.9302 0.9302 0.9302 0.9302 0.9302 0.9302 0.5794 0.6662 0.7330 0.7924 0.7924 0.7924 0.7924 0.7924 0.7924 0.9100 0.6911 0.8255 0.9653 0.9653 0.9653 0.9653 0.9653 0.9653 1.0000 1.0000 1.0000 0.3775 0.9653 0.9653 0.3674 0.5393 60 0.3235 0.4410 0.0700 0.3800 0.4725",
};

const values = (stdout: string) =>
  stdout.trimEnd().split("\n").map((line) => line.split("\t")[2]).join(" ");

for (const [nickname, expected] of Object.entries(TREC_EVAL)) {
  Deno.test(`eval -m ${nickname} prints trec_eval's values in its order`, async () => {
    const { code, stdout, stderr } = await runCli([
      "eval",
      QRELS,
      RUN,
      "-m",
      nickname,
    ]);
    assertEquals(code, 0, stderr);
    assertEquals(values(stdout), expected);
  });
}

Deno.test("eval takes lists of specs, in -m and after the files, and trec_eval's name.params", async () => {
  const { code, stdout, stderr } = await runCli([
    "eval",
    QRELS,
    RUN,
    "nDCG@10 P@5,SetF(rel=1, beta=0.5)",
    "-m",
    "ndcg_cut.10,20",
    "-m",
    "iprec_at_recall.0.1 map_cut.5",
  ]);
  assertEquals(code, 0, stderr);
  // trec_eval -m ndcg_cut.10,20 -m P.5 -m set_F.0.5 -m iprec_at_recall.0.1
  // -m map_cut.5 on the same files.
  assertEquals(
    stdout.trimEnd().split("\n").slice(2).map((l) =>
      l.split("\t")[0].trim() + " " + l.split("\t")[2]
    ),
    [
      "ndcg@10 0.8569",
      "P@5 0.9100",
      "set_F(beta2=0.5,rel=1) 0.4716",
      "ndcg@20 0.9302",
      "iprec_at_recall(recall=0.1) 1.0000",
      "ap@5 0.5794",
    ],
  );
});

Deno.test("a list with an open parenthesis or a bad trec_eval parameter is a usage error", async () => {
  for (const spec of ["nDCG(gains={0:1", "P.5,x", "ndcg_cut.0"]) {
    const { code, stdout, stderr } = await runCli([
      "eval",
      QRELS,
      RUN,
      "-m",
      spec,
    ]);
    assertEquals(code, 2, stderr);
    assertEquals(stdout, "");
    assertEquals(stderr.startsWith("ranklens eval: "), true, stderr);
  }
});

Deno.test("eval scores the diversity measures against subtopic qrels", async () => {
  const dir = await Deno.makeTempDir();
  const qrels = `${dir}/qrels.txt`, run = `${dir}/run.txt`;
  await Deno.writeTextFile(qrels, "0 0 D1 1\n0 0 D2 1\n0 1 D2 1\n0 1 D3 2\n");
  await Deno.writeTextFile(
    run,
    "0 Q0 D2 1 3 r\n0 Q0 D3 2 2 r\n0 Q0 D1 3 1 r\n",
  );
  const ok = await runCli(["eval", qrels, run, "StRecall@1 P_IA@2"]);
  assertEquals(ok.code, 0, ok.stderr);
  // D2 covers both subtopics; D3 repeats subtopic 1: (2 + 1) / (2 * 2).
  assertEquals(values(ok.stdout), "r 1 1.0000 0.7500");
  const mixed = await runCli(["eval", qrels, run, "StRecall@1 P@2"]);
  assertEquals(mixed.code, 2);
  assertEquals(mixed.stderr.includes("subtopic qrels"), true, mixed.stderr);
  const level = await runCli(["eval", qrels, run, "-l", "2", "StRecall@1"]);
  assertEquals(level.code, 2);
  assertEquals(
    level.stderr.includes("give each measure rel="),
    true,
    level.stderr,
  );
  await Deno.remove(dir, { recursive: true });
});
