import { assertEquals, assertRejects } from "../assert.ts";
import { readBeir } from "../../formats/beir.ts";
import { convertFile } from "../../formats/convert.ts";
import { InputError } from "../../model/errors.ts";
import { readGoDataset } from "../../formats/go_dataset.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const TINY = `${ROOT}tests/testdata/beir/tiny`;
const EXAMPLE = `${ROOT}examples/dataset.json`;

async function inTempDir(check: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await check(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("Go JSON -> BEIR -> Go JSON keeps documents, queries and graded judgements", async () => {
  await inTempDir(async (dir) => {
    const original = await readGoDataset(EXAMPLE);
    const there = await convertFile(EXAMPLE, `${dir}/beir`);
    assertEquals([there.from.name, there.to.name], ["go-json", "beir"]);
    const beir = await readBeir(`${dir}/beir`);
    assertEquals(beir.documents, original.documents);
    assertEquals(beir.queries, original.queries);
    assertEquals(beir.qrels, original.qrels);
    const back = await convertFile(`${dir}/beir`, `${dir}/back.json`);
    assertEquals(back.droppedQueries, []);
    // BEIR has no place for the name and description; the rest is unchanged.
    const { name: _n, description: _d, ...rest } = original;
    assertEquals(await readGoDataset(`${dir}/back.json`), rest);
  });
});

Deno.test("BEIR -> Go JSON drops queries without relevant judgements and says which", async () => {
  await inTempDir(async (dir) => {
    const summary = await convertFile(TINY, `${dir}/tiny.json`);
    assertEquals(summary.droppedQueries, ["q3"]);
    const dataset = await readGoDataset(`${dir}/tiny.json`);
    assertEquals(dataset.queries.map((q) => q.id), ["q1", "q2"]);
    // The judged-not-relevant doc3 stays, as a graded entry.
    assertEquals(
      JSON.parse(await Deno.readTextFile(`${dir}/tiny.json`)).queries[0]
        .relevant,
      [{ id: "doc1", grade: 2 }, { id: "doc3", grade: 0 }],
    );
  });
});

Deno.test("BEIR qrels <-> TREC qrels round-trips byte for byte", async () => {
  await inTempDir(async (dir) => {
    const beir = `${TINY}/qrels/test.tsv`;
    await convertFile(beir, `${dir}/qrels.txt`);
    assertEquals(
      await Deno.readTextFile(`${dir}/qrels.txt`),
      "q1 0 doc1 2\nq1 0 doc3 0\nq2 0 doc2 1\n",
    );
    const summary = await convertFile(`${dir}/qrels.txt`, `${dir}/test.tsv`);
    assertEquals([summary.from.name, summary.to.name], [
      "trec-qrels",
      "beir-qrels",
    ]);
    assertEquals(
      await Deno.readTextFile(`${dir}/test.tsv`),
      await Deno.readTextFile(beir),
    );
  });
});

Deno.test("a dataset's judgements convert to either qrels format", async () => {
  await inTempDir(async (dir) => {
    await convertFile(TINY, `${dir}/j.qrels`);
    assertEquals(
      await Deno.readTextFile(`${dir}/j.qrels`),
      "q1 0 doc1 2\nq1 0 doc3 0\nq2 0 doc2 1\n",
    );
    await convertFile(EXAMPLE, `${dir}/out`, { to: "beir-qrels" });
    assertEquals(
      (await Deno.readTextFile(`${dir}/out`)).split("\n")[1],
      "q01\tbk01\t2",
    );
  });
});

Deno.test("--from and --to override detection", async () => {
  await inTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/in.dat`, "q1\td1\t1\n");
    await convertFile(`${dir}/in.dat`, `${dir}/out.dat`, {
      from: "beir-qrels",
      to: "trec-qrels",
    });
    assertEquals(await Deno.readTextFile(`${dir}/out.dat`), "q1 0 d1 1\n");
  });
});

Deno.test("convert refuses impossible conversions and reports malformed input", async () => {
  await inTempDir(async (dir) => {
    await assertRejects(
      () => convertFile(`${ROOT}examples/qrels.txt`, `${dir}/beir`),
      InputError,
      `${dir}/beir: cannot convert trec-qrels (qrels) to beir (dataset)`,
    );
    await assertRejects(
      () => convertFile(`${ROOT}examples/qrels.txt`, `${dir}/d.csv`),
      InputError,
      `${dir}/d.csv: cannot tell the format to write from the name; name it with one of beir-qrels, trec-qrels, json-qrels`,
    );
    await assertRejects(
      () =>
        convertFile(`${ROOT}examples/qrels.txt`, `${dir}/d.json`, {
          to: "go-json",
        }),
      InputError,
      `${dir}/d.json: cannot convert trec-qrels (qrels) to go-json (dataset)`,
    );
    await assertRejects(
      () => convertFile(EXAMPLE, `${dir}/x`, { to: "tsv" }),
      TypeError,
      'Unknown format "tsv"',
    );
    await Deno.writeTextFile(
      `${dir}/bad.json`,
      '{"documents": [],\n "queries": [{"id": "q1", "text": "t", "relevant": []}]}',
    );
    await assertRejects(
      () => convertFile(`${dir}/bad.json`, `${dir}/out`),
      InputError,
      `${dir}/bad.json: query "q1" has no relevant documents`,
    );
    // Nothing was written.
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assertEquals(names, ["bad.json"]);
  });
});

Deno.test("a TREC run converts to a gzipped run and back, keeping its tag and scores", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const text = "q1 Q0 a 1 2.5 bm25-k1.2\nq1 Q0 b 2 1.5 bm25-k1.2\n";
    await Deno.writeTextFile(`${dir}/in.run`, text);
    await convertFile(`${dir}/in.run`, `${dir}/out.run.gz`);
    const gz = await Deno.readFile(`${dir}/out.run.gz`);
    // Written compressed, as the name says, not plain text under a .gz name.
    assertEquals([gz[0], gz[1]], [0x1f, 0x8b]);
    await convertFile(`${dir}/out.run.gz`, `${dir}/back.run`);
    assertEquals(await Deno.readTextFile(`${dir}/back.run`), text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
