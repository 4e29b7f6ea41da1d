import { assertEquals, assertThrows } from "../../assert.ts";
import {
  flashragNormalizer,
  normalizeAnswer,
  normalizerOf,
  rawNormalizer,
  squadNormalizer,
  ultraragNormalizer,
  unicodeNormalizer,
} from "../../../metrics/rag/normalize.ts";

// Each row: a text, then what the SQuAD v1.1 script's normalize_answer and
// UltraRAG's normalize_text (servers/evaluation/src/evaluation.py) return for
// it, as Python 3.11 printed them (a throwaway script re-typing both
// functions; not kept in the repository).
const PYTHON: [string, string, string][] = JSON.parse(
  await Deno.readTextFile(
    new URL("../../testdata/rag/normalize_python.json", import.meta.url),
  ),
);

Deno.test("squad and flashrag are the SQuAD v1.1 script's normalize_answer", () => {
  for (const [text, squad] of PYTHON) {
    assertEquals(normalizeAnswer(text, "squad"), squad, JSON.stringify(text));
    assertEquals(normalizeAnswer(text, "flashrag"), squad);
    assertEquals(squadNormalizer.tokenize(text).join(" "), squad);
  }
  assertEquals(flashragNormalizer.tokenize("Yes."), ["yes"]);
});

Deno.test("squad deletes ASCII punctuation only: 10–12 is not 10-12", () => {
  assertEquals(normalizeAnswer("10–12 years"), "10–12 years");
  assertEquals(normalizeAnswer("10-12 years"), "1012 years");
  assertEquals(normalizeAnswer("«bonjour» ¿qué?"), "«bonjour» ¿qué");
});

Deno.test("ultrarag is UltraRAG's normalize_text", () => {
  for (const [text, , ultrarag] of PYTHON) {
    assertEquals(
      normalizeAnswer(text, "ultrarag"),
      ultrarag,
      JSON.stringify(text),
    );
  }
  assertEquals(ultraragNormalizer.tokenize("True"), ["yes"]);
  assertEquals(ultraragNormalizer.tokenize(" True"), ["true"]);
});

const unicode = (text: string) => unicodeNormalizer.tokenize(text);

Deno.test("unicode: lowercase, delete punctuation, drop articles, fix spaces", () => {
  assertEquals(unicode("  The  Eiffel\tTower!! "), ["eiffel", "tower"]);
  assertEquals(unicode("A cat, an owl & the end."), ["cat", "owl", "end"]);
  assertEquals(unicode("U.S.A. rock-n-roll"), ["usa", "rocknroll"]);
  assertEquals(unicode("theatre anthem ant"), ["theatre", "anthem", "ant"]);
  assertEquals(unicode(""), []);
  assertEquals(unicode(" ?! "), []);
});

Deno.test("unicode leaves letters of every script alone", () => {
  assertEquals(unicode("Ça, c'est Zürich."), ["ça", "cest", "zürich"]);
  assertEquals(unicode("Déjà a vu"), ["déjà", "vu"]);
  assertEquals(unicode("éa lá a"), ["éa", "lá"]);
  assertEquals(unicode("ΟΔΟΣ Αθηνών"), ["οδος", "αθηνών"]);
  assertEquals(unicode("Москва — столица"), ["москва", "столица"]);
  assertEquals(unicode("مرحبا، عالم"), ["مرحبا", "عالم"]);
  assertEquals(unicode("नमस्ते दुनिया।"), ["नमस्ते", "दुनिया"]);
});

Deno.test("unicode treats Unicode punctuation, symbols and spaces as ASCII's", () => {
  assertEquals(unicode("«bonjour» ¿qué? 『東京』"), [
    "bonjour",
    "qué",
    "東",
    "京",
  ]);
  assertEquals(unicode("5 € — 100°C"), ["5", "100c"]);
  assertEquals(unicode("10–12 years"), unicode("10-12 years"));
  assertEquals(unicode("new\u00a0york\u3000city"), ["new", "york", "city"]);
});

Deno.test("unicode: NFC, and Han, Hiragana and Katakana split into characters", () => {
  assertEquals(unicode("Cafe\u0301"), ["caf\u00e9"]);
  assertEquals(unicode("北京是首都"), ["北", "京", "是", "首", "都"]);
  assertEquals(unicode("東京タワーです"), [
    "東",
    "京",
    "タ",
    "ワ",
    "ー",
    "で",
    "す",
  ]);
  assertEquals(unicode("iPhone手机"), ["iphone", "手", "机"]);
  assertEquals(unicode("서울은 한국의 수도"), ["서울은", "한국의", "수도"]);
  assertEquals(unicode("𠀀𠀁"), ["𠀀", "𠀁"]);
});

Deno.test("none keeps the raw text", () => {
  assertEquals(normalizeAnswer(" The Paris ", "none"), " The Paris ");
  assertEquals(rawNormalizer.tokenize(" The Paris,\u00a0X"), [
    "The",
    "Paris,",
    "X",
  ]);
});

Deno.test("normalizerOf", () => {
  assertEquals(normalizerOf("squad"), squadNormalizer);
  assertEquals(normalizerOf("unicode"), unicodeNormalizer);
  const custom = { name: "words", tokenize: (t: string) => t.split(" ") };
  assertEquals(normalizerOf(custom), custom);
  assertEquals(normalizeAnswer("a  b", custom), "a  b");
  assertThrows(
    () => normalizerOf("nfkc"),
    TypeError,
    'Unknown normalization "nfkc": expected one of squad, flashrag, ultrarag, unicode, none',
  );
});
