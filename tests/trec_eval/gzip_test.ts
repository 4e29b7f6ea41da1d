/**
 * A gzipped run (its inflater started while the qrels are read) prints
 * trec_eval's reference bytes, and when the full reader must take over, or
 * the file is missing, the inflater stops and trec_eval's message comes out.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { trecEval } from "../../trec_eval/command.ts";
import { stringBytes } from "../../trec_eval/lines.ts";
import { GzipFileReader } from "../../formats/source.ts";
import { QUICKTEST_DIR } from "./_quicktest.ts";
import { CASES_DIR } from "./_cases.ts";

const ERRORS = `${CASES_DIR}errors/`;

async function gzipInto(from: string, to: string): Promise<void> {
  const file = await Deno.open(from);
  await Deno.writeFile(
    to,
    file.readable.pipeThrough(new CompressionStream("gzip")),
  );
}

Deno.test("a gzipped run prints trec_eval's reference output", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.copyFile(QUICKTEST_DIR + "qrels.test", `${dir}/qrels.test`);
    await gzipInto(QUICKTEST_DIR + "results.test", `${dir}/results.test.gz`);
    const result = await trecEval(
      ["-m", "all_trec", "-q", "qrels.test", "results.test.gz"],
      { cwd: dir },
    );
    assertEquals(result.status, 0);
    assertEquals(
      stringBytes(result.stdout),
      await Deno.readFile(QUICKTEST_DIR + "out.test.aq"),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a gzipped run the fast path declines, or a missing one, gets trec_eval's message", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.copyFile(ERRORS + "qrels.dup", `${dir}/qrels.dup`);
    // Unjudged topics first, so the compressed file is large enough to be
    // inflated on a worker; trec_eval ignores them.
    let seed = 1;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0);
    const lines = Array.from(
      { length: 200_000 },
      (_, i) =>
        `zz${i >> 10} Q0 ${
          random().toString(36)
        } ${i} ${random()} t${random()}\n`,
    );
    await Deno.writeTextFile(
      `${dir}/run`,
      lines.join("") + await Deno.readTextFile(ERRORS + "run"),
    );
    await gzipInto(`${dir}/run`, `${dir}/run.gz`);
    assertEquals((await Deno.stat(`${dir}/run.gz`)).size > 1 << 20, true);
    const record = JSON.parse(
      await Deno.readTextFile(ERRORS + "qrels_duplicate.json"),
    );
    // Every reader opened is closed: a worker left running leaks.
    const open = GzipFileReader.open;
    const readers: { closed: boolean }[] = [];
    GzipFileReader.open = async (path, options) => {
      const reader = await open.call(GzipFileReader, path, options);
      const state = { closed: false };
      readers.push(state);
      const close = reader.close.bind(reader);
      reader.close = () => {
        state.closed = true;
        close();
      };
      return reader;
    };
    let declined;
    try {
      declined = await trecEval(["-q", "qrels.dup", "run.gz"], { cwd: dir });
    } finally {
      GzipFileReader.open = open;
    }
    // The one opened early, and the full reader's.
    assertEquals(readers, [{ closed: true }, { closed: true }]);
    assertEquals(declined.status, record.status);
    // trec_eval's message, with the file and lines of the repeat added.
    assertEquals(
      declined.stderr,
      record.stderr.replace(
        "duplicate docs a\n",
        "duplicate docs a (qrels.dup lines 1 and 2)\n",
      ),
    );
    assertEquals(
      stringBytes(declined.stdout),
      await Deno.readFile(ERRORS + "qrels_duplicate.expected"),
    );
    const missing = await trecEval(["qrels.dup", "nowhere.gz"], { cwd: dir });
    assertEquals(missing.status, 2);
    assertEquals(
      missing.stderr,
      "trec_eval.get_results: Cannot read results file 'nowhere.gz'\ntrec_eval: Quit in file 'nowhere.gz'\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
