import { InputError } from "../../model/errors.ts";
import { assertEquals, assertRejects, assertThrows } from "../assert.ts";
import {
  builtinFormats,
  type DataFormat,
  FormatRegistry,
} from "../../formats/format_registry.ts";
import { readQrels } from "../../formats/trec_qrels.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const TINY = `${ROOT}tests/testdata/beir/tiny`;

async function withFile(
  name: string,
  text: string,
  check: (path: string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/${name}`, text);
    await check(`${dir}/${name}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("detect recognises every built-in format from its content", async () => {
  const cases: [string, string][] = [
    [`${ROOT}examples/dataset.json`, "go-json"],
    [TINY, "beir"],
    [`${TINY}/qrels/test.tsv`, "beir-qrels"],
    [`${ROOT}examples/qrels.txt`, "trec-qrels"],
    [`${ROOT}examples/run.bm25.txt`, "trec-run"],
  ];
  for (const [path, name] of cases) {
    assertEquals((await builtinFormats.detect(path)).name, name, path);
  }
});

Deno.test("detect reads content, not only names", async () => {
  // TREC qrels in a .tsv file, a headerless BEIR qrels file, a run with
  // comment lines, a gzipped Go dataset.
  await withFile("judgements.tsv", "q1 0 d1 1\nq1 0 d2 0\n", async (path) => {
    assertEquals((await builtinFormats.detect(path)).name, "trec-qrels");
  });
  await withFile("j.txt", "q1\td1\t1\nq2\td2\t2\n", async (path) => {
    assertEquals((await builtinFormats.detect(path)).name, "beir-qrels");
  });
  await withFile("r", "# produced by x\nq1 Q0 d1 1 2.5 tag\n", async (path) => {
    assertEquals((await builtinFormats.detect(path)).name, "trec-run");
  });
  const dir = await Deno.makeTempDir();
  const gz = new Response(
    ReadableStream.from([
      new TextEncoder().encode('{"documents": [], "queries": []}'),
    ]).pipeThrough(new CompressionStream("gzip")),
  );
  await Deno.writeFile(
    `${dir}/d.json.gz`,
    new Uint8Array(await gz.arrayBuffer()),
  );
  assertEquals(
    (await builtinFormats.detect(`${dir}/d.json.gz`)).name,
    "go-json",
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("detect fails clearly on unknown content, a wrong kind or a missing path", async () => {
  await withFile("notes.txt", "just some words here\n", async (path) => {
    await assertRejects(
      () => builtinFormats.detect(path),
      InputError,
      `${path}: cannot tell the format; name it with one of go-json, beir, beir-qrels, trec-qrels, trec-run, json-qrels, json-run, jsonl-run, msmarco-run`,
    );
  });
  await assertRejects(
    () =>
      builtinFormats.detect(`${ROOT}examples/qrels.txt`, {
        kinds: ["dataset"],
      }),
    InputError,
    "name it with one of go-json, beir",
  );
  await assertRejects(
    () => builtinFormats.detect(`${ROOT}examples/absent.json`),
    Deno.errors.NotFound,
  );
});

Deno.test("forOutput chooses by file name, longest ending first, and a bare path is a BEIR directory", () => {
  const name = (path: string, kinds?: ("dataset" | "qrels" | "run")[]) =>
    builtinFormats.forOutput(path, { kinds }).name;
  assertEquals(name("out.json"), "go-json");
  assertEquals(name("out.JSON"), "go-json");
  assertEquals(name("out/beir"), "beir");
  assertEquals(name("out/beir/"), "beir");
  assertEquals(name("qrels/test.tsv"), "beir-qrels");
  assertEquals(name("x.qrels"), "trec-qrels");
  assertEquals(name("x.txt", ["qrels"]), "trec-qrels");
  assertEquals(name("x.txt", ["run"]), "trec-run");
  assertEquals(name("x.run"), "trec-run");
  assertThrows(
    () => builtinFormats.forOutput("x.csv"),
    InputError,
    "x.csv: cannot tell the format to write from the name",
  );
  assertEquals(name("x.json", ["qrels"]), "json-qrels");
  assertEquals(name("x.json", ["run"]), "json-run");
  assertEquals(name("x.jsonl"), "jsonl-run");
  assertEquals(name("x.tsv", ["run"]), "msmarco-run");
  assertThrows(
    () => builtinFormats.forOutput("x.csv", { kinds: ["qrels"] }),
    InputError,
    "name it with one of beir-qrels, trec-qrels, json-qrels",
  );
});

Deno.test("a child registry adds formats, sees the built-in ones and rejects clashes", async () => {
  const lines: DataFormat<"qrels"> = {
    name: "pipe-qrels",
    kind: "qrels",
    description: "query|doc|grade",
    extensions: [".pipe"],
    detect: (probe) => probe.head.includes("|") ? 0.95 : 0,
    read: async (path) =>
      await readQrels({
        text: (await Deno.readTextFile(path)).replace(
          /^(.*)\|(.*)\|(.*)$/gm,
          "$1 0 $2 $3",
        ),
      }),
    write: () => Promise.resolve(),
  };
  const mine = new FormatRegistry(builtinFormats).register(lines);
  assertEquals(mine.formats().map((f) => f.name), [
    "go-json",
    "beir",
    "beir-qrels",
    "trec-qrels",
    "trec-run",
    "json-qrels",
    "json-run",
    "jsonl-run",
    "msmarco-run",
    "pipe-qrels",
  ]);
  assertEquals(mine.get("beir").name, "beir");
  assertEquals(mine.forOutput("a.pipe").name, "pipe-qrels");
  await withFile("j", "q1|d1|2\n", async (path) => {
    const format = await mine.detect(path);
    assertEquals(format.name, "pipe-qrels");
    assertEquals(
      await format.read(path),
      new Map([["q1", new Map([["d1", 2]])]]),
    );
    // The built-in registry is untouched.
    await assertRejects(() => builtinFormats.detect(path), InputError);
  });
  assertThrows(
    () => mine.register({ ...lines, name: "trec-run" }),
    TypeError,
    'Format "trec-run" is already registered',
  );
  assertThrows(
    () => mine.register({ ...lines, name: "Bad Name" }),
    TypeError,
    'got "Bad Name"',
  );
  assertThrows(
    () => mine.get("csv"),
    TypeError,
    'Unknown format "csv": expected one of go-json, beir, beir-qrels, trec-qrels, trec-run, json-qrels, json-run, jsonl-run, msmarco-run, pipe-qrels',
  );
});

Deno.test("the TREC formats read and write through the registry", async () => {
  const dir = await Deno.makeTempDir();
  const qrelsFormat = builtinFormats.get("trec-qrels");
  const qrels = await qrelsFormat.read(`${ROOT}examples/qrels.txt`);
  await qrelsFormat.write(`${dir}/q.txt`, qrels as never);
  assertEquals(await readQrels(`${dir}/q.txt`), qrels);

  const runFormat = builtinFormats.get("trec-run");
  await withFile(
    "r.txt",
    "q2 Q0 b 1 1 t\nq1 Q0 a 1 2 t\nq2 Q0 c 2 3 t\n",
    async (path) => {
      const run = await runFormat.read(path);
      // Read whole, so topics may be spread over the file; ranked as trec_eval does.
      assertEquals([...run as unknown[]], [
        { queryId: "q2", docs: ["c", "b"], scores: [3, 1] },
        { queryId: "q1", docs: ["a"], scores: [2] },
      ]);
      assertEquals((run as { tag?: string }).tag, "t");
      // Written back with the run's own tag.
      await runFormat.write(`${dir}/r.txt`, run as never);
      assertEquals(
        await Deno.readTextFile(`${dir}/r.txt`),
        "q2 Q0 c 1 3 t\nq2 Q0 b 2 1 t\nq1 Q0 a 1 2 t\n",
      );
    },
  );
  await Deno.remove(dir, { recursive: true });
});
