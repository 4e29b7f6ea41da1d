// The answers /openapi.json describes are the published report schemas
// (report/schemas/*.json), not copies, and the server's real answers conform
// to the schema the document names for each of them.
import { Ajv2020 } from "ajv/dist/2020.js";
import { assertEquals } from "../assert.ts";
import { createApp } from "../../server.ts";

const SCHEMA_DIR = new URL("../../report/schemas/", import.meta.url);
const EXAMPLES = new URL("../../examples/", import.meta.url);
const QRELS = await Deno.readTextFile(new URL("qrels.txt", EXAMPLES));
const BM25 = await Deno.readTextFile(new URL("run.bm25.txt", EXAMPLES));
const HYBRID = await Deno.readTextFile(new URL("run.hybrid.txt", EXAMPLES));
const ANSWERS = await Deno.readTextFile(
  new URL("../testdata/rag/answers.jsonl", import.meta.url),
);
const TOKEN = "s3cret";

/** The report schema each route's JSON answer is, by `method path`. */
const ANSWER_SCHEMAS: Readonly<Record<string, string>> = {
  "get /v1/metrics": "metric_listing.json",
  "post /v1/evaluate": "evaluation.json",
  "post /v1/compare": "comparison.json",
  "post /v1/rag": "rag_evaluation.json",
};

type Json = Record<string, unknown>;
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
};
type Operation = {
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

async function openApi(): Promise<{ text: string; document: Document }> {
  const response = await createApp({ token: TOKEN }).request("/openapi.json");
  assertEquals(response.status, 200);
  const text = await response.text();
  return { text, document: JSON.parse(text) };
}

/** The component a `$ref` names, and its name. */
function component(document: Document, schema: Json): [string, Json] {
  const ref = schema.$ref as string;
  assertEquals(ref.startsWith("#/components/schemas/"), true, ref);
  const name = ref.slice("#/components/schemas/".length);
  const found = document.components.schemas[name];
  assertEquals(found !== undefined, true, ref);
  return [name, found];
}

Deno.test("each JSON answer of /openapi.json refers to its report schema, as published", async () => {
  const { text, document } = await openApi();
  const files = new Map<string, string>();
  for (const entry of Deno.readDirSync(SCHEMA_DIR)) {
    files.set(
      entry.name,
      JSON.stringify(
        JSON.parse(await Deno.readTextFile(new URL(entry.name, SCHEMA_DIR))),
      ),
    );
  }
  const seen: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const where = `${method} ${path} ${status} ${type}`;
          let file: string | undefined;
          if (type === "application/problem+json") file = "problem.json";
          else if (type === "application/json" && path.startsWith("/v1/")) {
            file = ANSWER_SCHEMAS[`${method} ${path}`];
            assertEquals(status, "200", where);
            seen.push(`${method} ${path}`);
          }
          if (file === undefined) continue;
          // A reference to a component whose JSON is the file's, byte for
          // byte, and so is the text served.
          const [name, schema] = component(document, media.schema);
          assertEquals(JSON.stringify(schema), files.get(file), where);
          assertEquals(
            text.includes(`"${name}":${files.get(file)}`),
            true,
            where,
          );
        }
      }
    }
  }
  assertEquals(seen.sort(), Object.keys(ANSWER_SCHEMAS).sort());
  // Every error answer of a scoring route is a problem.
  const errors = Object.keys(document.paths["/v1/evaluate"].post.responses)
    .filter((status) => status !== "200");
  assertEquals(
    errors,
    ["400", "401", "408", "413", "415", "422", "429", "500", "503", "504"],
  );
  // The same as the README's list of status codes, less 404 and 405, which
  // no route answers for itself.
  const readme = await Deno.readTextFile(
    new URL("../../README.md", import.meta.url),
  );
  const sentence = readme.match(/Status codes: ([^.]*)\./)![1];
  assertEquals(
    [...sentence.matchAll(/\b[45]\d\d\b/g)].map(([code]) => code)
      .filter((code) => code !== "404" && code !== "405"),
    errors,
  );
  // No other component carries a schema's `$id`: no stale copy of one.
  const ids = Object.values(document.components.schemas).flatMap((s) =>
    typeof s.$id === "string" ? [s.$id.split("/").pop()] : []
  );
  assertEquals(
    ids.sort(),
    [...Object.values(ANSWER_SCHEMAS), "problem.json"].sort(),
  );
});

Deno.test("the server's real answers conform to the schemas /openapi.json names for them", async () => {
  const { document } = await openApi();
  // An OpenAPI 3.1 reader resolves each component's references against its
  // `$id`: Ajv does the same with every component that has one.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  for (const schema of Object.values(document.components.schemas)) {
    if (typeof schema.$id === "string") ajv.addSchema(schema);
  }
  const app = createApp({ token: TOKEN, bodyLimit: 100_000 });
  const frugal = createApp({ token: TOKEN, maxMetrics: 1 });
  const cramped = createApp({ token: TOKEN, maxBufferedBytes: 10 });
  const buggy = createApp({
    token: TOKEN,
    trecEval: () => Promise.reject(new TypeError("a bug")),
  });
  const auth = { authorization: `Bearer ${TOKEN}` };
  const post = (
    path: string,
    body: unknown,
    headers: HeadersInit = auth,
    to = app,
  ) =>
    to.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  /** The answer's body, checked against its schema in the document. */
  const conforming = async (
    method: string,
    path: string,
    response: Response,
    status: number,
  ): Promise<Json> => {
    const where = `${method} ${path} ${status}`;
    assertEquals(response.status, status, where);
    const type = response.headers.get("content-type")!.split(";")[0];
    const described = document.paths[path][method].responses[String(status)];
    const media = described?.content?.[type];
    assertEquals(media !== undefined, true, `${where} ${type}`);
    const [, schema] = component(document, media!.schema);
    const validate = ajv.getSchema(schema.$id as string)!;
    const body = await response.json();
    assertEquals(
      validate(body),
      true,
      `${where}: ${ajv.errorsText(validate.errors)}`,
    );
    // The validator is not blind: the same body without a required member
    // is refused.
    const required = schema.required as string[] | undefined;
    if (required?.length) {
      const { [required[0]]: _, ...rest } = body;
      assertEquals(validate(rest), false, `${where} without ${required[0]}`);
    }
    return body;
  };

  const listing = await conforming(
    "get",
    "/v1/metrics",
    await app.request("/v1/metrics", { headers: auth }),
    200,
  );
  assertEquals(Array.isArray(listing), true);
  const evaluation = await conforming(
    "post",
    "/v1/evaluate",
    await post("/v1/evaluate", {
      qrels: QRELS,
      run: BM25,
      metrics: ["ndcg@10", "ap"],
      perQuery: true,
    }),
    200,
  );
  // The value trec_eval 10.0 prints for the same files.
  assertEquals(
    (evaluation.aggregate as Record<string, number>)["ndcg@10"].toFixed(4),
    TREC_EVAL_NDCG_10,
  );
  await conforming(
    "post",
    "/v1/compare",
    await post("/v1/compare", {
      qrels: QRELS,
      runs: { bm25: BM25, hybrid: HYBRID },
      metrics: ["ndcg@10", "ap"],
      perQuery: true,
    }),
    200,
  );
  await conforming(
    "post",
    "/v1/rag",
    await post("/v1/rag", {
      samples: ANSWERS,
      input: "answers",
      perSample: true,
    }),
    200,
  );

  // Problems, each with the members its kind adds; problem.json describes
  // every member a real one carries.
  const problems: Json[] = [
    await conforming(
      "post",
      "/v1/evaluate",
      await post("/v1/evaluate", { qrels: QRELS, run: "q01 Q0 d1 1 x t\n" }),
      400,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await post("/v1/evaluate", { qrels: QRELS, run: BM25, depth: 0 }),
      400,
    ),
    await conforming(
      "post",
      "/v1/trec_eval",
      await post("/v1/trec_eval", { qrels: "301 0 d1\n", run: BM25 }),
      400,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await post("/v1/evaluate", { qrels: QRELS, run: BM25 }, {}),
      401,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await post("/v1/evaluate", { qrels: "x".repeat(100_001), run: BM25 }),
      413,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await app.request("/v1/evaluate", {
        method: "POST",
        headers: { "content-type": "text/plain", ...auth },
        body: "{}",
      }),
      415,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await post(
        "/v1/evaluate",
        {
          qrels: QRELS,
          run: BM25,
          metrics: ["ap", "P@5"],
        },
        auth,
        frugal,
      ),
      422,
    ),
    await conforming(
      "post",
      "/v1/evaluate",
      await post("/v1/evaluate", { qrels: QRELS, run: BM25 }, auth, cramped),
      429,
    ),
  ];
  // A bug is logged; the answer is a problem all the same.
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    problems.push(
      await conforming(
        "post",
        "/v1/trec_eval",
        await post("/v1/trec_eval", { qrels: QRELS, run: BM25 }, auth, buggy),
        500,
      ),
    );
  } finally {
    console.error = error;
  }
  assertEquals(logged.length, 1);
  const members = new Set(problems.flatMap((p) => Object.keys(p)));
  for (const member of ["file", "line", "reason", "field", "exitStatus"]) {
    assertEquals(members.has(member), true, member);
  }
  const [, problemSchema] = component(document, {
    $ref: "#/components/schemas/Problem",
  });
  const described = Object.keys(problemSchema.properties as Json);
  assertEquals([...members].filter((m) => !described.includes(m)), []);
});

/** `trec_eval -m ndcg_cut.10 examples/qrels.txt examples/run.bm25.txt`. */
const TREC_EVAL_NDCG_10 = "0.8569";

Deno.test("the /api page names the report schema of each JSON answer", async () => {
  const html = await (await createApp().request("/api")).text();
  for (const [route, file] of Object.entries(ANSWER_SCHEMAS)) {
    const id = route.replace(/[^a-z0-9]+/gi, "-").toLowerCase();
    const section = html.slice(html.indexOf(`<h2 id="${id}">`)).split(
      "</section>",
    )[0];
    assertEquals(
      section.includes(`<code>application/json</code>: `) &&
        section.includes(`(<code>report/schemas/${file}</code>)`),
      true,
      route,
    );
    assertEquals(
      section.includes(
        "<code>application/problem+json</code>: ranklens problem (<code>report/schemas/problem.json</code>)",
      ),
      true,
      route,
    );
  }
});
