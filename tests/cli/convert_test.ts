import { assertEquals } from "../assert.ts";
import { main } from "../../cli.ts";
import { readGoDataset } from "../../formats/go_dataset.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Runs `cli.ts convert ...` in-process: exit status, stdout and stderr. */
async function convert(
  args: string[],
): Promise<{ status: number; out: string; err: string }> {
  let out = "", err = "";
  const log = console.log;
  const error = console.error;
  console.log = (...parts: unknown[]) => {
    out += parts.join(" ") + "\n";
  };
  console.error = (...parts: unknown[]) => {
    err += parts.join(" ") + "\n";
  };
  try {
    const status = await main(["convert", ...args]);
    return { status, out, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}

Deno.test("convert Go JSON -> BEIR -> Go JSON and BEIR qrels -> TREC qrels", async () => {
  const dir = await Deno.makeTempDir();
  const example = `${ROOT}examples/dataset.json`;
  assertEquals(await convert([example, `${dir}/beir`]), {
    status: 0,
    out: "",
    err: "",
  });
  assertEquals(await convert([`${dir}/beir`, `${dir}/back.json`]), {
    status: 0,
    out: "",
    err: "",
  });
  const { name: _n, description: _d, ...original } = await readGoDataset(
    example,
  );
  assertEquals(await readGoDataset(`${dir}/back.json`), original);
  assertEquals(
    (await convert([`${dir}/beir/qrels/test.tsv`, `${dir}/q.txt`])).status,
    0,
  );
  assertEquals(
    (await Deno.readTextFile(`${dir}/q.txt`)).split("\n").slice(0, 2),
    ["q01 0 bk01 2", "q01 0 bk61 1"],
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("convert notes the queries it leaves out", async () => {
  const dir = await Deno.makeTempDir();
  const { status, err } = await convert([
    `${ROOT}tests/testdata/beir/tiny`,
    `${dir}/tiny.json`,
  ]);
  assertEquals(status, 0);
  assertEquals(
    err,
    'ranklens convert: note: left out 1 queries without relevant judgements, which go-json cannot hold ("q3")\n',
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("convert: usage mistakes exit 2, impossible conversions and bad data exit 1", async () => {
  const usage = await convert([`${ROOT}examples/dataset.json`]);
  assertEquals(usage.status, 2);
  assertEquals(
    usage.err.split("\n")[0],
    "ranklens convert: expected IN and OUT, got 1 argument(s)",
  );
  const format = await convert(["--to", "xml", "a", "b"]);
  assertEquals(format.status, 2);
  assertEquals(
    format.err.split("\n")[0],
    'ranklens convert: Unknown format "xml": expected one of go-json, beir, beir-qrels, trec-qrels, trec-run, json-qrels, json-run, jsonl-run, msmarco-run',
  );
  const dir = await Deno.makeTempDir();
  const kind = await convert([`${ROOT}examples/qrels.txt`, `${dir}/beir`]);
  assertEquals(kind, {
    status: 1,
    out: "",
    err:
      `ranklens convert: ${dir}/beir: cannot convert trec-qrels (qrels) to beir (dataset)\n`,
  });
  await Deno.writeTextFile(
    `${dir}/bad.tsv`,
    "query-id\tcorpus-id\tscore\nq1\td1\n",
  );
  const bad = await convert([`${dir}/bad.tsv`, `${dir}/out.txt`]);
  assertEquals(bad.status, 1);
  assertEquals(
    bad.err,
    `ranklens convert: ${dir}/bad.tsv:2: expected 3 tab-separated fields "query-id corpus-id score", got 2\n`,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("convert --help lists the registered formats", async () => {
  const { status, out } = await convert(["--help"]);
  assertEquals(status, 0);
  for (
    const name of ["go-json", "beir", "beir-qrels", "trec-qrels", "trec-run"]
  ) {
    assertEquals(out.includes(`\n  ${name.padEnd(12)} `), true, name);
  }
});

Deno.test("convert refuses an id the output format cannot hold as bad input (exit 1), writing nothing", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/spaced.tsv`,
    "query-id\tcorpus-id\tscore\nq 1\td1\t2\n",
  );
  assertEquals(await convert([`${dir}/spaced.tsv`, `${dir}/out.txt`]), {
    status: 1,
    out: "",
    err:
      `ranklens convert: ${dir}/out.txt: Query id "q 1" contains whitespace; a TREC qrels file cannot hold it\n`,
  });
  await Deno.writeTextFile(`${dir}/tabbed.json`, '{"q\\t1": {"d1": 2}}');
  assertEquals(
    await convert([
      `${dir}/tabbed.json`,
      `${dir}/out.tsv`,
      "--from",
      "json-run",
      "--to",
      "msmarco-run",
    ]),
    {
      status: 1,
      out: "",
      err:
        `ranklens convert: ${dir}/out.tsv: An MS MARCO run id must be non-empty without tabs or line breaks, got "q\\t1"\n`,
    },
  );
  assertEquals(
    (await convert([
      `${dir}/tabbed.json`,
      `${dir}/out.tsv`,
      "--from",
      "json-qrels",
      "--to",
      "beir-qrels",
    ])).err,
    `ranklens convert: ${dir}/out.tsv: Id "q\\t1" contains a tab or line break; BEIR qrels cannot hold it\n`,
  );
  assertEquals(
    [...Deno.readDirSync(dir)].map((entry) => entry.name).sort(),
    ["spaced.tsv", "tabbed.json"],
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("convert refuses an empty topic a TREC or TSV file cannot hold: read back, it would count differently", async () => {
  const dir = await Deno.makeTempDir();
  // {"q2": {}} scores q2 as an empty ranking (MAP 0.5 over q1 and q2 with
  // the qrels below); a TREC run without q2's lines scores MAP 1.0 over q1.
  await Deno.writeTextFile(`${dir}/run.json`, '{"q1": {"d1": 1}, "q2": {}}');
  for (
    const [to, name] of [["trec-run", "a TREC run"], [
      "msmarco-run",
      "an MS MARCO run",
    ]]
  ) {
    assertEquals(
      await convert([
        `${dir}/run.json`,
        `${dir}/out`,
        "--from",
        "json-run",
        "--to",
        to,
      ]),
      {
        status: 1,
        out: "",
        err:
          `ranklens convert: ${dir}/run.json: query "q2" has an empty ranking, which ${name} cannot hold (1 such query); without it the query would read back as not run\n`,
      },
    );
  }
  await Deno.writeTextFile(
    `${dir}/qrels.json`,
    '{"q1": {"d1": 1}, "q2": {}, "q3": {}}',
  );
  for (
    const [to, name] of [["trec-qrels", "a TREC qrels file"], [
      "beir-qrels",
      "BEIR qrels",
    ]]
  ) {
    assertEquals(
      (await convert([
        `${dir}/qrels.json`,
        `${dir}/out`,
        "--from",
        "json-qrels",
        "--to",
        to,
      ])).err,
      `ranklens convert: ${dir}/qrels.json: query "q2" has no judgements, which ${name} cannot hold (2 such queries); without it the query would read back as not judged\n`,
    );
  }
  assertEquals(
    [...Deno.readDirSync(dir)].map((entry) => entry.name).sort(),
    ["qrels.json", "run.json"],
  );
  // JSON Lines holds an empty ranking as {"q2": {}}.
  assertEquals(
    (await convert([
      `${dir}/run.json`,
      `${dir}/out.jsonl`,
      "--from",
      "json-run",
    ])).status,
    0,
  );
  assertEquals(
    await Deno.readTextFile(`${dir}/out.jsonl`),
    '{"q1":{"d1":1}}\n{"q2":{}}\n',
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("convert refuses a score JSON cannot hold instead of writing null", async () => {
  const dir = await Deno.makeTempDir();
  // trec_eval reads 1e999 as infinity, the best score; JSON.stringify wrote
  // null, which no reader takes for it.
  await Deno.writeTextFile(
    `${dir}/run.txt`,
    "q1 Q0 d1 1 1e999 r\nq1 Q0 d2 2 1 r\n",
  );
  for (const to of ["json-run", "jsonl-run"]) {
    assertEquals(
      await convert([`${dir}/run.txt`, `${dir}/out`, "--to", to]),
      {
        status: 1,
        out: "",
        err:
          `ranklens convert: ${dir}/out: Score Infinity of document "d1" for query "q1" is not finite; JSON cannot hold it\n`,
      },
    );
  }
  assertEquals(
    [...Deno.readDirSync(dir)].map((entry) => entry.name),
    ["run.txt"],
  );
  await Deno.remove(dir, { recursive: true });
});
