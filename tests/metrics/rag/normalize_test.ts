import { assertEquals, assertThrows } from "../../assert.ts";
import {
  normalizeAnswer,
  normalizerOf,
  squadNormalizer,
  ultraragNormalizer,
} from "../../../metrics/rag/normalize.ts";

const squad = (text: string) => squadNormalizer.tokenize(text);
const ultra = (text: string) => ultraragNormalizer.tokenize(text);

Deno.test("squad: lowercase, delete punctuation, drop articles, fix spaces", () => {
  assertEquals(squad("  The  Eiffel\tTower!! "), ["eiffel", "tower"]);
  assertEquals(squad("A cat, an owl & the end."), ["cat", "owl", "end"]);
  // Punctuation is deleted, not spaced: SQuAD joins "U.S.A." and "rock-n-roll".
  assertEquals(squad("U.S.A. rock-n-roll"), ["usa", "rocknroll"]);
  // Articles only as whole words.
  assertEquals(squad("theatre anthem ant"), ["theatre", "anthem", "ant"]);
  assertEquals(squad(""), []);
  assertEquals(squad(" ?! "), []);
});

Deno.test("squad leaves letters of every script alone", () => {
  assertEquals(squad("Ça, c'est Zürich."), ["ça", "cest", "zürich"]);
  assertEquals(squad("Déjà a vu"), ["déjà", "vu"]);
  // "a" after a non-ASCII letter is part of the word, never an article.
  assertEquals(squad("éa lá a"), ["éa", "lá"]);
  assertEquals(squad("ΟΔΟΣ Αθηνών"), ["οδος", "αθηνών"]);
  assertEquals(squad("Москва — столица"), ["москва", "столица"]);
  assertEquals(squad("مرحبا، عالم"), ["مرحبا", "عالم"]);
  assertEquals(squad("नमस्ते दुनिया।"), ["नमस्ते", "दुनिया"]);
});

Deno.test("squad treats Unicode punctuation, symbols and spaces as ASCII's", () => {
  assertEquals(squad("«bonjour» ¿qué? 『東京』"), [
    "bonjour",
    "qué",
    "東",
    "京",
  ]);
  assertEquals(squad("5 € — 100°C"), ["5", "100c"]);
  // No-break and ideographic spaces separate words.
  assertEquals(squad("new\u00a0york\u3000city"), ["new", "york", "city"]);
});

Deno.test("NFC: composed and decomposed letters are one", () => {
  assertEquals(squad("Cafe\u0301"), squad("Caf\u00e9"));
  assertEquals(squad("Cafe\u0301"), ["caf\u00e9"]);
});

Deno.test("Han, Hiragana and Katakana split into characters; Hangul stays whole", () => {
  assertEquals(squad("北京是首都"), ["北", "京", "是", "首", "都"]);
  assertEquals(squad("東京タワーです"), [
    "東",
    "京",
    "タ",
    "ワ",
    "ー",
    "で",
    "す",
  ]);
  assertEquals(squad("iPhone手机"), ["iphone", "手", "机"]);
  assertEquals(squad("서울은 한국의 수도"), ["서울은", "한국의", "수도"]);
  // Outside the Basic Multilingual Plane too (CJK Extension B).
  assertEquals(squad("𠀀𠀁"), ["𠀀", "𠀁"]);
});

Deno.test("ultrarag: True/False, underscores and punctuation as spaces", () => {
  assertEquals(ultra("True"), ["yes"]);
  assertEquals(ultra("False"), ["no"]);
  assertEquals(ultra("true"), ["true"]);
  assertEquals(ultra(" True"), ["true"]);
  assertEquals(ultra("new_york's U.S.A."), ["new", "york", "s", "u", "s"]);
  assertEquals(ultra("‘quoted’ `tick´"), ["quoted", "tick"]);
  assertEquals(ultra("The Eiffel-Tower"), ["eiffel", "tower"]);
  assertEquals(ultra("Zürich, 東京"), ["zürich", "東", "京"]);
});

Deno.test("normalizeAnswer and normalizerOf", () => {
  assertEquals(normalizeAnswer("The Eiffel-Tower"), "eiffeltower");
  assertEquals(normalizeAnswer("The Eiffel-Tower", "ultrarag"), "eiffel tower");
  assertEquals(normalizerOf("squad"), squadNormalizer);
  const custom = { name: "words", tokenize: (t: string) => t.split(" ") };
  assertEquals(normalizerOf(custom), custom);
  assertThrows(
    () => normalizerOf("nfkc"),
    TypeError,
    'Unknown normalization "nfkc": expected one of squad, ultrarag',
  );
});
