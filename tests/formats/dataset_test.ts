import { assertEquals, assertThrows } from "../assert.ts";
import {
  documentText,
  type RetrievalDataset,
  validateDataset,
} from "../../formats/dataset.ts";
import { InputError } from "../../model/errors.ts";

Deno.test("documentText joins title and text with a space, as BEIR does", () => {
  assertEquals(documentText({ id: "d", title: "T", text: "body" }), "T body");
  assertEquals(documentText({ id: "d", text: "body" }), "body");
  assertEquals(documentText({ id: "d", title: "T", text: "" }), "T");
});

function dataset(patch: Partial<RetrievalDataset>): RetrievalDataset {
  return {
    documents: [{ id: "d1", text: "a" }, { id: "d2", text: "b" }],
    queries: [{ id: "q1", text: "a" }, { id: "q2", text: "b" }],
    qrels: new Map([["q1", new Map([["d1", 1]])]]),
    ...patch,
  };
}

Deno.test("validateDataset names the file and the query or document at fault", () => {
  const check = (
    patch: Partial<RetrievalDataset>,
    message: string,
    requireRelevant = false,
  ) =>
    assertThrows(
      () =>
        validateDataset(dataset(patch), { name: "x.json", requireRelevant }),
      InputError,
      `x.json: ${message}`,
    );
  validateDataset(dataset({}));
  check({ documents: [{ id: "", text: "a" }] }, "document 1 has an empty id");
  check(
    { documents: [{ id: "d1", text: "a" }, { id: "d1", text: "b" }] },
    'document id "d1" appears twice',
  );
  check(
    { queries: [{ id: "q1", text: "" }, { id: "", text: "" }] },
    "query 2 has an empty id",
  );
  check(
    { qrels: new Map([["q9", new Map([["d1", 1]])]]) },
    'judgements name unknown query "q9"',
  );
  check(
    { qrels: new Map([["q1", new Map([["d7", 1]])]]) },
    'query "q1" judges unknown document "d7"',
  );
  check({}, 'query "q2" has no relevant documents', true);
  check(
    {
      qrels: new Map([["q1", new Map([["d1", 1]])], [
        "q2",
        new Map([["d2", 0]]),
      ]]),
    },
    'query "q2" has no relevant documents',
    true,
  );
});
