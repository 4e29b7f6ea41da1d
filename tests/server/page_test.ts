// The web page driven in headless Chromium: paste, evaluate, read the table.
import { assertEquals } from "../assert.ts";
import { chromium } from "playwright-core";
import { createApp } from "../../server.ts";
import { repoText, serve } from "./_serve.ts";
import { CHROMIUM, CHROMIUM_ARGS, SKIP_BROWSER_TESTS } from "../_browser.ts";

const SCREENSHOT = Deno.env.get("RANKLENS_SCREENSHOT");

async function withPage(
  options: Parameters<typeof createApp>[0],
  fn: (
    page: import("playwright-core").Page,
    url: string,
    problems: string[],
  ) => Promise<void>,
) {
  await using server = serve(createApp(options));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    // A CSP violation or a script error would show up here.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(server.url + "/");
    await fn(page, server.url, problems);
  } finally {
    await browser.close();
  }
}

async function cells(
  page: import("playwright-core").Page,
  selector: string,
): Promise<string[][]> {
  return await page.$$eval(
    `${selector} tr`,
    (rows) =>
      rows.map((row) =>
        [...row.children].map((cell) => (cell.textContent ?? "").trim())
      ),
  );
}

Deno.test({
  name: "the page evaluates two pasted runs and shows the API's values",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    const qrels = await repoText("examples/qrels.txt");
    const bm25 = await repoText("examples/run.bm25.txt");
    const hybrid = await repoText("examples/run.hybrid.txt");
    await withPage({}, async (page, url, problems) => {
      await page.fill("#qrels", qrels);
      await page.fill("#runs .run:nth-child(1) textarea", bm25);
      await page.click("#add-run");
      await page.fill("#runs .run:nth-child(2) textarea", hybrid);
      await page.fill("#runs .run:nth-child(2) .name", "hybrid");
      await page.check('#chips input[value="bpref"]');
      await page.check('#chips input[value="num_rel_ret"]');
      await page.fill("#specs", "ndcg@5, P(rel=2)@5");
      await page.click("#evaluate");
      await page.waitForSelector("#summary tbody tr");

      const metrics = [
        "ndcg@10",
        "ap",
        "rr",
        "P@10",
        "recall@100",
        "bpref",
        "num_rel_ret",
        "ndcg@5",
        "P(rel=2)@5",
      ];
      const expected = await Promise.all([bm25, hybrid].map(async (run) => {
        const response = await fetch(`${url}/v1/evaluate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ qrels, run, metrics }),
        });
        return (await response.json()).aggregate;
      }));
      const table = await cells(page, "#summary");
      // The first run is named by its tag, the second as typed.
      assertEquals(table[0], ["metric", "bm25", "hybrid"]);
      const body = table.slice(1, 1 + metrics.length);
      assertEquals(
        body.map((row) => row[0]),
        metrics,
      );
      body.forEach((row) => {
        const label = row[0];
        assertEquals(
          row.slice(1),
          expected.map((aggregate) =>
            label === "num_rel_ret"
              ? String(aggregate[label])
              : aggregate[label].toFixed(4)
          ),
          label,
        );
      });
      const scored = table.find((row) => row[0] === "queries scored");
      assertEquals(scored, ["queries scored", "20", "20"]);

      await page.click("#results details summary");
      await page.selectOption("#per-query-metric", "rr");
      const perQuery = await cells(page, "#per-query");
      assertEquals(perQuery.length, 21);
      assertEquals(perQuery[0], ["query", "bm25", "hybrid"]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#download-json"),
      ]);
      const saved = JSON.parse(await Deno.readTextFile(await download.path()));
      assertEquals(Object.keys(saved), ["bm25", "hybrid"]);
      assertEquals(saved.hybrid.aggregate, expected[1]);
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#download-csv"),
      ]);
      const lines = (await Deno.readTextFile(await csv.path())).trim().split(
        "\n",
      );
      assertEquals(lines[0], "run,query,metric,value");
      // 2 runs x (20 queries + all) x 9 metrics.
      assertEquals(lines.length, 1 + 2 * 21 * 9);
      assertEquals(
        lines.includes(`hybrid,all,ap,${expected[1].ap}`),
        true,
      );

      // Two runs: the compare report's tests and plots follow the table.
      await page.waitForSelector("#comparison svg");
      const tests = await cells(page, "#comparison #tests");
      assertEquals(tests.length, 1 + metrics.length);
      assertEquals(
        tests.slice(1).map((row) => row.slice(0, 3)),
        metrics.map((m) => [m, "bm25", "hybrid"]),
      );
      const charts = await page.$$eval(
        "#comparison svg",
        (svgs) => svgs.length,
      );
      const report = await (await fetch(`${url}/v1/compare`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          qrels,
          runs: { bm25, hybrid },
          metrics,
          format: "html",
        }),
      })).text();
      // Every chart of the report: means, a difference chart per metric, curves.
      assertEquals(charts, report.split("<svg").length - 1);
      assertEquals(charts > 1 + metrics.length, true);
      if (SCREENSHOT) {
        await page.screenshot({ path: SCREENSHOT, fullPage: true });
      }
      assertEquals(problems, []);
    });
  },
});

Deno.test({
  name: "the page shows the place of malformed input",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    await withPage({}, async (page, _url, problems) => {
      await page.fill("#qrels", "q1 0 d1 1\n");
      await page.fill("#runs .run .name", "mine");
      await page.fill(
        "#runs .run textarea",
        "q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2\n",
      );
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'mine: run:2: expected 6 fields "qid iter docno rank score tag", got 4',
      );
      // The faulty line is selected in the run's text area.
      const selected = await page.$eval("#runs .run textarea", (area) => {
        const { value, selectionStart, selectionEnd } = area as unknown as {
          value: string;
          selectionStart: number;
          selectionEnd: number;
        };
        return value.slice(selectionStart, selectionEnd);
      });
      assertEquals(selected, "q1 Q0 d2 2");
      assertEquals(await page.isVisible("#results"), false);
      // The failed request's 400 is logged by the browser; nothing else is.
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});

Deno.test({
  name: "the page asks for the token when the server needs one",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    await withPage({ token: "page-token" }, async (page) => {
      await page.fill("#qrels", "q1 0 d1 1\n");
      await page.fill("#runs .run textarea", "q1 Q0 d1 1 2.0 t\n");
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'This server needs "Authorization: Bearer <token>".',
      );
      assertEquals(await page.isVisible("#token"), true);
      await page.fill("#token", "page-token");
      await page.click("#evaluate");
      await page.waitForSelector("#summary tbody tr");
      const table = await cells(page, "#summary");
      assertEquals(table[0], ["metric", "t"]);
      assertEquals(table[1], ["ndcg@10", "1.0000"]);
      assertEquals(await page.isVisible("#error"), false);
    });
  },
});

Deno.test({
  name: "the page scores pasted RAG samples and shows the API's values",
  ignore: SKIP_BROWSER_TESTS,
  async fn() {
    const samples = await repoText("tests/testdata/rag/answers.jsonl");
    await withPage({}, async (page, url, problems) => {
      await page.click("#tab-rag");
      assertEquals(await page.isVisible("#qrels"), false);
      await page.fill("#samples", samples);
      await page.selectOption("#rag-input", "answers");
      await page.check('#rag-chips input[value="acc"]');
      await page.uncheck('#rag-chips input[value="context_recall"]');
      await page.click("#evaluate");
      await page.waitForSelector("#rag-summary tbody tr");
      const metrics = [
        "exact_match",
        "token_f1",
        "context_precision",
        "non_empty_rate",
        "acc",
      ];
      const response = await fetch(`${url}/v1/rag`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ samples, input: "answers", metrics }),
      });
      const expected = await response.json();
      const table = await cells(page, "#rag-summary");
      assertEquals(table[0], ["metric", "value", "samples scored"]);
      assertEquals(
        table.slice(1),
        metrics.map((m) => [
          m,
          expected.metrics[m] === null ? "–" : expected.metrics[m].toFixed(4),
          `${expected.coverage[m]} of ${expected.nSamples}`,
        ]),
      );
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#rag-download-json"),
      ]);
      const saved = JSON.parse(await Deno.readTextFile(await download.path()));
      assertEquals(saved.metrics, expected.metrics);
      assertEquals(saved.perSample.length, expected.nSamples);
      // A malformed record is shown with its line.
      await page.fill("#samples", samples + '{"question": "q"}\n');
      await page.click("#evaluate");
      await page.waitForSelector("#error", { state: "visible" });
      assertEquals(
        await page.textContent("#error"),
        'samples:5: missing key "golden_answers" (the reference; see the key map)',
      );
      assertEquals(
        problems.every((p) => p.includes("400")),
        true,
        problems.join("\n"),
      );
    });
  },
});
