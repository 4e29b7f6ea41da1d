/**
 * Hostile inputs through the three doors: the CLI, the library and
 * `app.request()`. The same bad input is the same error in each, the
 * server's detail naming its field where the CLI names the file.
 *
 * @module
 */

import { assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";
import { runInProcess } from "../cli/_cli.ts";

const RUN = "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\n";

async function postJson(
  path: string,
  body: string,
): Promise<{ status: number; detail: string }> {
  const response = await createApp().request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, detail: (await response.json()).detail };
}

async function withFile<T>(
  name: string,
  text: string,
  body: (path: string) => Promise<T>,
): Promise<T> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/${name}`, text);
    return await body(`${dir}/${name}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("qrels without a judgement are refused as qrels by eval and by /v1/evaluate and /v1/compare", async () => {
  // The server blamed the run ("no query of the run is judged"), as if
  // the qrels had been fine.
  for (
    const [file, text, field] of [
      ["empty.txt", "", JSON.stringify("")],
      ["comments.txt", "# none\n\n", JSON.stringify("# none\n\n")],
      ["empty.json", "{}", "{}"],
    ]
  ) {
    const cli = await withFile(file, text, async (qrels) => {
      const run = await withFile(
        "run.txt",
        RUN,
        (run) => runInProcess(["eval", qrels, run]),
      );
      return { ...run, err: run.err.replaceAll(qrels, file) };
    });
    assertEquals(
      [cli.status, cli.err],
      [
        1,
        `ranklens eval: ${file}: no judgements: the qrels file has no data lines\n`,
      ],
    );
    const runField = JSON.stringify(RUN);
    for (
      const [path, body] of [
        ["/v1/evaluate", `{"qrels": ${field}, "run": ${runField}}`],
        [
          "/v1/compare",
          `{"qrels": ${field}, "runs": {"a": ${runField}, "b": ${runField}}}`,
        ],
      ]
    ) {
      assertEquals(await postJson(path, body), {
        status: 400,
        detail: "qrels: no judgements: the qrels file has no data lines",
      }, `${path} ${field}`);
    }
  }
});
