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
const RE_KATAKANA =
  /[\p{Script=Katakana}\u3031-\u3035\u309B\u309C\u30A0\u30FC\uFF70\uFF9E\uFF9F]/u;
const RE_IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}]/u;
const RE_EXTEND = /[\p{Mn}\p{Me}\p{Mc}\p{Cf}\u{1F3FB}-\u{1F3FF}]/u;
const RE_HEBREW = /(?=\p{Script=Hebrew})\p{Lo}/u;
const RE_LETTER = /[\p{Alphabetic}\u02C2-\u02C5\u02D2-\u02D7\u02DE\u02DF]/u;
const RE_NUMERIC = /\p{Nd}/u;
const RE_EXTEND_NUM_LET = /[\p{Pc}\u202F]/u;
const RE_EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]/u;
const MID_LETTERS = "\u00B7\u0387\u05F4\u2027\uFE13\uFE55\uFF1A";
const MID_NUM_LETS = "\u2018\u2019\u2024\uFE52\uFF07\uFF0E";
const MID_NUMS =
  "\u037E\u0589\u060C\u060D\u066C\u07F8\u2044\uFE10\uFE14\uFE50\uFE54\uFF0C\uFF1B";

function classify(codePoint: number): number {
  const ch = String.fromCodePoint(codePoint);
  if (codePoint === 0x200D) return ZWJ;
  if (codePoint === 0x200B) return OTHER;
  if (codePoint === 0x066B) return NUMERIC; // the Arabic decimal separator
  if (MID_LETTERS.includes(ch)) return MID_LETTER;
  if (MID_NUM_LETS.includes(ch)) return MID_NUM_LET;
  if (MID_NUMS.includes(ch)) return MID_NUM;
  if (RE_SOUTHEAST_ASIAN.test(ch) && /[\p{L}\p{M}]/u.test(ch)) {
    return SOUTHEAST_ASIAN;
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
    if (cls !== EXTEND && cls !== ZWJ) break;
    j += widthAt(text, j);
  }
  return j;
}

function isRegionalIndicator(text: string, i: number): boolean {
  const cp = text.codePointAt(i) ?? 0;
  return cp >= 0x1F1E6 && cp <= 0x1F1FF;
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
    } else if (cls === SOUTHEAST_ASIAN) {
      let j = i;
      while (j < n) {
        const k = classAt(text, j);
        if (k !== SOUTHEAST_ASIAN && k !== EXTEND && k !== ZWJ) break;
        j += widthAt(text, j);
      }
      end = j;
    } else if (cls === EMOJI) {
      let j = i + widthAt(text, i);
      // A flag is a pair of regional indicators.
      if (isRegionalIndicator(text, i) && isRegionalIndicator(text, j)) j += 2;
      j = skipExtend(text, j);
      // WB3c: ZWJ × Extended_Pictographic, as in emoji sequences.
      while (
        j > 0 && classAt(text, j - 1) === ZWJ && j < n &&
        classAt(text, j) === EMOJI
      ) {
        j = skipExtend(text, j + widthAt(text, j));
      }
      end = j;
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
