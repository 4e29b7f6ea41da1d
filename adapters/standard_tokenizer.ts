/**
 * Word breaks as Lucene's `StandardTokenizer` finds them (Unicode's UAX #29
 * word boundaries, with Lucene's choices of which segments are tokens).
 *
 * The runtime's `Intl.Segmenter` is not used: its ICU rules break `e.g.`,
 * `U.S.A.` and `Input:A` where UAX #29 and Lucene keep one token, so on the
 * CACM collection it disagrees with Lucene in 53 of 3,204 documents.
 *
 * @module
 */

/** Lucene's default `maxTokenLength`: longer tokens are cut into pieces this long. */
export const MAX_TOKEN_LENGTH = 255;

// Word_Break classes, as far as the rules below tell them apart.
const OTHER = 0;
const LETTER = 1; // ALetter
const HEBREW = 2; // Hebrew_Letter
const NUMERIC = 3;
const KATAKANA = 4;
const EXTEND_NUM_LET = 5;
const MID_LETTER = 6;
const MID_NUM_LET = 7;
const MID_NUM = 8;
const SINGLE_QUOTE = 9;
const DOUBLE_QUOTE = 10;
const EXTEND = 11; // Extend, Format and ZWJ: WB4 attaches them to what precedes
const IDEOGRAPH = 12; // Han and Hiragana: one token per character
const SOUTHEAST_ASIAN = 13; // Line_Break=Complex_Context: one token per run
const EMOJI = 14;
const ZWJ = 15;
// A combining mark of those scripts: Extend after a character (WB4), but a
// token of its own script's run where a segment starts with it.
const SOUTHEAST_ASIAN_MARK = 16;
const UNKNOWN = 255;

const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII[c] = /[A-Za-z]/.test(ch)
    ? LETTER
    : /[0-9]/.test(ch)
    ? NUMERIC
    : ch === "_"
    ? EXTEND_NUM_LET
    : ch === ":"
    ? MID_LETTER
    : ch === "."
    ? MID_NUM_LET
    : ch === "," || ch === ";"
    ? MID_NUM
    : ch === "'"
    ? SINGLE_QUOTE
    : ch === '"'
    ? DOUBLE_QUOTE
    : OTHER;
}

// Classes of the Basic Multilingual Plane, filled in as characters are met.
let bmp: Uint8Array | undefined;

const RE_SOUTHEAST_ASIAN =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}]/u;
// Line_Break=Complex_Context symbols of those scripts, which Lucene keeps
// as their run's tokens.
const SOUTHEAST_ASIAN_SYMBOLS =
  "\u109E\u109F\u19DA\u19DE\u19DF\u1AA0\u1AA1\u1AA2\u1AA3\u1AA4\u1AA5\u1AA6\u1AA8\u1AA9\u1AAA\u1AAB\u1AAC\u1AAD\uAA77\uAA78\uAA79\uAADE\uAADF";
const RE_KATAKANA =
  /[\p{Script=Katakana}\u3031-\u3035\u309B\u309C\u30A0\u30FC\uFF70]/u;
const RE_IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}]/u;
// The halfwidth voiced sound marks and two Vedic signs (Mc before Unicode
// 10) are Extend in Lucene's Unicode tables.
const RE_EXTEND = /[\p{Mn}\p{Me}\p{Mc}\p{Cf}\uFF9E\uFF9F\u1CF2\u1CF3]/u;
const RE_HEBREW = /(?=\p{Script=Hebrew})\p{Lo}/u;
// Hebrew geresh is ALetter in Lucene's tables.
const RE_LETTER = /[\p{Alphabetic}\u05F3]/u;
// The ideographic iteration marks are Han script but ALetter.
const ITERATION_MARKS = "\u3005\u303B";
const RE_NUMERIC = /\p{Nd}/u;
const RE_EXTEND_NUM_LET = /[\p{Pc}\u202F]/u;
// Emoji modifiers are emoji of their own, joined only to a modifier base
// (WB14 of Unicode 9, whose rules Lucene 8 follows).
const RE_EMOJI =
  /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}]/u;
const RE_EMOJI_MODIFIER_BASE = /\p{Emoji_Modifier_Base}/u;
const MID_LETTERS = "\u00B7\u02D7\u0387\u05F4\u2027\uFE13\uFE55\uFF1A";
const MID_NUM_LETS = "\u2018\u2019\u2024\uFE52\uFF07\uFF0E";
const MID_NUMS =
  "\u037E\u0589\u060C\u060D\u066C\u07F8\u2044\uFE10\uFE14\uFE50\uFE54\uFF0C\uFF1B";

function classify(codePoint: number): number {
  const ch = String.fromCodePoint(codePoint);
  if (codePoint === 0x200D) return ZWJ;
  if (codePoint === 0x200B) return OTHER;
  if (codePoint === 0x066B) return NUMERIC; // the Arabic decimal separator
  if (ITERATION_MARKS.includes(ch)) return LETTER;
  if (MID_LETTERS.includes(ch)) return MID_LETTER;
  if (MID_NUM_LETS.includes(ch)) return MID_NUM_LET;
  if (MID_NUMS.includes(ch)) return MID_NUM;
  if (RE_SOUTHEAST_ASIAN.test(ch)) {
    if (/\p{M}/u.test(ch)) return SOUTHEAST_ASIAN_MARK;
    if (/\p{L}/u.test(ch) || SOUTHEAST_ASIAN_SYMBOLS.includes(ch)) {
      return SOUTHEAST_ASIAN;
    }
  }
  if (RE_EXTEND.test(ch)) return EXTEND;
  if (RE_KATAKANA.test(ch)) return KATAKANA;
  if (RE_IDEOGRAPH.test(ch)) return IDEOGRAPH;
  if (RE_HEBREW.test(ch)) return HEBREW;
  if (RE_NUMERIC.test(ch)) return NUMERIC;
  if (RE_LETTER.test(ch)) return LETTER;
  if (RE_EXTEND_NUM_LET.test(ch)) return EXTEND_NUM_LET;
  if (RE_EMOJI.test(ch)) return EMOJI;
  return OTHER;
}

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return ASCII[c];
  if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xDC00 && d <= 0xDFFF) {
      return classify(((c - 0xD800) << 10) + (d - 0xDC00) + 0x10000);
    }
  }
  bmp ??= new Uint8Array(65536).fill(UNKNOWN);
  let cls = bmp[c];
  if (cls === UNKNOWN) cls = bmp[c] = classify(c);
  return cls;
}

function widthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xDC00 && d <= 0xDFFF) return 2;
  }
  return 1;
}

function skipExtend(text: string, j: number): number {
  while (j < text.length) {
    const cls = classAt(text, j);
    if (cls !== EXTEND && cls !== ZWJ && cls !== SOUTHEAST_ASIAN_MARK) break;
    j += widthAt(text, j);
  }
  return j;
}

function isRegionalIndicator(text: string, i: number): boolean {
  const cp = text.codePointAt(i) ?? 0;
  return cp >= 0x1F1E6 && cp <= 0x1F1FF;
}

// The end of the emoji at `i` with its modifier (WB14) or one emoji
// presentation selector, and the Extend characters after them other than
// further selectors (as Lucene's grammar has it).
function emojiEnd(text: string, i: number): number {
  let j = i + widthAt(text, i);
  if (
    RE_EMOJI_MODIFIER_BASE.test(String.fromCodePoint(text.codePointAt(i)!)) &&
    isEmojiModifier(text, j)
  ) {
    j += 2;
  } else if (!isEmojiModifier(text, i) && text.charCodeAt(j) === 0xFE0F) {
    j++;
  }
  while (j < text.length && text.charCodeAt(j) !== 0xFE0F) {
    const cls = classAt(text, j);
    if (cls !== EXTEND && cls !== ZWJ && cls !== SOUTHEAST_ASIAN_MARK) break;
    j += widthAt(text, j);
  }
  return j;
}

// The end of the emoji sequence at `i`: emoji joined by ZWJs (WB3c).
function emojiSequenceEnd(text: string, i: number): number {
  let j = emojiEnd(text, i);
  while (
    classAt(text, j - 1) === ZWJ && j < text.length &&
    classAt(text, j) === EMOJI && !isRegionalIndicator(text, j)
  ) {
    j = emojiEnd(text, j);
  }
  return j;
}

// Whether the ZWJs from `i` on are followed by an emoji they join.
function gluesToEmoji(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && text.charCodeAt(j) === 0x200D) j++;
  return j < text.length && classAt(text, j) === EMOJI &&
    !isRegionalIndicator(text, j) && !isEmojiModifier(text, j);
}

function isEmojiModifier(text: string, i: number): boolean {
  const cp = text.codePointAt(i) ?? 0;
  return cp >= 0x1F3FB && cp <= 0x1F3FF;
}

const isLetter = (cls: number) => cls === LETTER || cls === HEBREW;

/**
 * Calls `onToken` with the start and end (UTF-16 offsets) of each token of
 * `text`, in order: what {@linkcode standardTokenize} returns, without the
 * strings.
 *
 * @example
 * ```ts
 * import { forEachStandardToken } from "./standard_tokenizer.ts";
 * const spans: string[] = [];
 * forEachStandardToken("e.g. 3.5", (start, end) => spans.push(`${start}-${end}`));
 * console.log(spans); // ["0-3", "5-8"]
 * ```
 *
 * @param text The text.
 * @param onToken Called with each token's start and end.
 */
export function forEachStandardToken(
  text: string,
  onToken: (start: number, end: number) => void,
): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // ASCII outside words: the common case, skipped without a lookup.
    if (c < 128 && ASCII[c] === OTHER) {
      i++;
      continue;
    }
    const cls = classAt(text, i);
    const start = i;
    let end: number;
    if (
      cls === LETTER || cls === HEBREW || cls === NUMERIC ||
      cls === KATAKANA || cls === EXTEND_NUM_LET
    ) {
      end = wordEnd(text, i, cls);
      if (end < 0) {
        i = -end;
        continue;
      }
    } else if (cls === IDEOGRAPH) {
      end = skipExtend(text, i + widthAt(text, i));
    } else if (cls === SOUTHEAST_ASIAN || cls === SOUTHEAST_ASIAN_MARK) {
      let j = i;
      while (j < n) {
        const k = classAt(text, j);
        if (
          k !== SOUTHEAST_ASIAN && k !== SOUTHEAST_ASIAN_MARK &&
          k !== EXTEND && k !== ZWJ
        ) break;
        j += widthAt(text, j);
      }
      end = j;
    } else if (cls === EMOJI) {
      if (isRegionalIndicator(text, i)) {
        // A flag is a pair of regional indicators; Lucene drops one alone.
        const k = skipExtend(text, i + 2);
        if (!isRegionalIndicator(text, k)) {
          i += 2; // what follows may still begin a token (a ZWJ, WB3c)
          continue;
        }
        end = skipExtend(text, k + 2);
      } else {
        end = emojiSequenceEnd(text, i);
      }
    } else if (cls === ZWJ && gluesToEmoji(text, i)) {
      // WB3c: ZWJs that begin a segment glue to the emoji after them.
      let j = i;
      while (text.charCodeAt(j) === 0x200D) j++;
      end = emojiSequenceEnd(text, j);
    } else {
      i += widthAt(text, i);
      continue;
    }
    for (let s = start; s < end; s += MAX_TOKEN_LENGTH) {
      onToken(s, Math.min(end, s + MAX_TOKEN_LENGTH));
    }
    i = end;
  }
}

// The end of the word starting at `i`, or minus the position to go on from
// when the segment holds no letter, digit or katakana (only connectors such
// as `_`), which Lucene drops.
function wordEnd(text: string, i: number, first: number): number {
  const n = text.length;
  let last = first;
  let core = first !== EXTEND_NUM_LET;
  let j = i + widthAt(text, i);
  let end: number;
  for (;;) {
    j = skipExtend(text, j);
    end = j;
    if (j >= n) break;
    const c = text.charCodeAt(j);
    const cls = c < 128 ? ASCII[c] : classAt(text, j);
    if (isLetter(cls) || cls === NUMERIC) {
      // WB5, WB8, WB9, WB10, WB13b.
      if (
        !(isLetter(last) || last === NUMERIC || last === EXTEND_NUM_LET)
      ) break;
    } else if (cls === KATAKANA) {
      // WB13, WB13b.
      if (last !== KATAKANA && last !== EXTEND_NUM_LET) break;
    } else if (cls === EXTEND_NUM_LET) {
      // WB13a.
      if (
        !(isLetter(last) || last === NUMERIC || last === KATAKANA ||
          last === EXTEND_NUM_LET)
      ) break;
    } else if (
      cls === MID_LETTER || cls === MID_NUM_LET || cls === MID_NUM ||
      cls === SINGLE_QUOTE || cls === DOUBLE_QUOTE
    ) {
      const k = skipExtend(text, j + widthAt(text, j));
      const next = k < n ? classAt(text, k) : OTHER;
      if (
        isLetter(last) && isLetter(next) &&
          (cls === MID_LETTER || cls === MID_NUM_LET ||
            cls === SINGLE_QUOTE) || // WB6, WB7
        last === NUMERIC && next === NUMERIC &&
          (cls === MID_NUM || cls === MID_NUM_LET ||
            cls === SINGLE_QUOTE) || // WB11, WB12
        last === HEBREW && next === HEBREW && cls === DOUBLE_QUOTE // WB7b, WB7c
      ) {
        j = k;
        continue;
      }
      // WB7a: Hebrew_Letter × Single_Quote (a letter after it was WB7).
      if (last === HEBREW && cls === SINGLE_QUOTE) end = k;
      break;
    } else {
      break;
    }
    last = cls;
    if (cls !== EXTEND_NUM_LET) core = true;
    j += widthAt(text, j);
  }
  return core ? end : -end;
}

/**
 * Splits text into tokens as Lucene 8's `StandardTokenizer` does: UAX #29
 * word boundaries (`e.g.` → `e.g`, `PRAM's`, `3.5`, `1,000`, `360/370` →
 * `360`, `370`), keeping segments with a letter, digit or katakana, each
 * Han or Hiragana character alone, runs of Thai, Lao, Khmer or Myanmar
 * script whole (Lucene has no dictionary for them) and emoji sequences;
 * tokens longer than {@linkcode MAX_TOKEN_LENGTH} are cut. Case is kept.
 *
 * Character classes come from the runtime's Unicode properties, so outside
 * Latin, Greek and Cyrillic text a rare character may be classed as a newer
 * Unicode version classes it.
 *
 * @example
 * ```ts
 * import { standardTokenize } from "./standard_tokenizer.ts";
 * console.log(standardTokenize("PRAM's run, e.g. on 360/370 at 3.5 GHz"));
 * // ["PRAM's", "run", "e.g", "on", "360", "370", "at", "3.5", "GHz"]
 * ```
 *
 * @param text The text.
 * @returns The tokens, in order.
 */
export function standardTokenize(text: string): string[] {
  const tokens: string[] = [];
  forEachStandardToken(text, (start, end) => {
    tokens.push(text.slice(start, end));
  });
  return tokens;
}
