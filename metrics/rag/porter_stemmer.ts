/**
 * The Porter stemmer as NLTK runs it by default (`PorterStemmer()`, mode
 * `NLTK_EXTENSIONS`), which is what rouge-score's `use_stemmer=True` means.
 * It departs from Porter's original algorithm (npm's `stemmer`) on about
 * one English word in fifty: `y` stays after a vowel (`boys` → `boy`, not
 * `boi`), words of one or two letters are kept, a few irregular forms map
 * to their lemma (`dying` → `die`), and steps 1a, 1b, 2 and the *o
 * condition have NLTK's extra rules.
 *
 * @module
 */

const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["skies", "sky"],
  ["sky", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["news", "news"],
  ["innings", "inning"],
  ["inning", "inning"],
  ["outings", "outing"],
  ["outing", "outing"],
  ["cannings", "canning"],
  ["canning", "canning"],
  ["howe", "howe"],
  ["proceed", "proceed"],
  ["exceed", "exceed"],
  ["succeed", "succeed"],
]);

function isVowelLetter(c: string): boolean {
  return c === "a" || c === "e" || c === "i" || c === "o" || c === "u";
}

/** Porter's consonant: not a vowel letter, and `y` only after a vowel (or first). */
function consonantAt(word: string, i: number): boolean {
  const c = word[i];
  if (isVowelLetter(c)) return false;
  if (c === "y") return i === 0 ? true : !consonantAt(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = consonantAt(stem, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!consonantAt(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && consonantAt(word, n - 1);
}

/** *o: consonant-vowel-consonant, the last not w, x or y; NLTK adds a two-letter vowel-consonant word. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (
    n >= 3 && consonantAt(word, n - 3) && !consonantAt(word, n - 2) &&
    consonantAt(word, n - 1) && !"wxy".includes(word[n - 1])
  ) return true;
  return n === 2 && !consonantAt(word, 0) && consonantAt(word, 1);
}

type Condition = ((stem: string) => boolean) | null;
type Rule = readonly [suffix: string, replacement: string, when: Condition];

/**
 * The first rule whose suffix the word ends with decides: its replacement
 * when its condition holds, the word unchanged otherwise.
 */
function firstRule(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, when] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return when === null || when(stem) ? stem + replacement : word;
    }
  }
  return word;
}

const positive = (stem: string) => measure(stem) > 0;
const aboveOne = (stem: string) => measure(stem) > 1;

function step1a(word: string): string {
  if (word.length === 4 && word.endsWith("ies")) return word.slice(0, 1) + "ie";
  return firstRule(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) {
    return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  }
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : word;
  }
  let stem: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length);
      if (hasVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return word;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) {
    return stem + "e";
  }
  if (endsDoubleConsonant(stem)) {
    return "lsz".includes(stem[stem.length - 1]) ? stem : stem.slice(0, -1);
  }
  return measure(stem) === 1 && endsCvc(stem) ? stem + "e" : stem;
}

function step1c(word: string): string {
  // NLTK: y -> i after a consonant that is not the whole stem.
  return firstRule(word, [[
    "y",
    "i",
    (stem) => stem.length > 1 && consonantAt(stem, stem.length - 1),
  ]]);
}

const STEP2: readonly Rule[] = [
  ["ational", "ate", positive],
  ["tional", "tion", positive],
  ["enci", "ence", positive],
  ["anci", "ance", positive],
  ["izer", "ize", positive],
  ["bli", "ble", positive],
  ["alli", "al", positive],
  ["entli", "ent", positive],
  ["eli", "e", positive],
  ["ousli", "ous", positive],
  ["ization", "ize", positive],
  ["ation", "ate", positive],
  ["ator", "ate", positive],
  ["alism", "al", positive],
  ["iveness", "ive", positive],
  ["fulness", "ful", positive],
  ["ousness", "ous", positive],
  ["aliti", "al", positive],
  ["iviti", "ive", positive],
  ["biliti", "ble", positive],
  ["fulli", "ful", positive],
];

function step2(word: string): string {
  if (word.endsWith("alli") && positive(word.slice(0, -4))) {
    return step2(word.slice(0, -4) + "al");
  }
  // NLTK's "logi" -> "log" tests the measure of the word less "ogi".
  if (
    word.endsWith("logi") && !STEP2.some(([suffix]) => word.endsWith(suffix))
  ) {
    return positive(word.slice(0, -3)) ? word.slice(0, -1) : word;
  }
  return firstRule(word, STEP2);
}

const STEP3: readonly Rule[] = [
  ["icate", "ic", positive],
  ["ative", "", positive],
  ["alize", "al", positive],
  ["iciti", "ic", positive],
  ["ical", "ic", positive],
  ["ful", "", positive],
  ["ness", "", positive],
];

const STEP4: readonly Rule[] = [
  ["al", "", aboveOne],
  ["ance", "", aboveOne],
  ["ence", "", aboveOne],
  ["er", "", aboveOne],
  ["ic", "", aboveOne],
  ["able", "", aboveOne],
  ["ible", "", aboveOne],
  ["ant", "", aboveOne],
  ["ement", "", aboveOne],
  ["ment", "", aboveOne],
  ["ent", "", aboveOne],
  [
    "ion",
    "",
    (stem) => measure(stem) > 1 && /[st]$/.test(stem),
  ],
  ["ou", "", aboveOne],
  ["ism", "", aboveOne],
  ["ate", "", aboveOne],
  ["iti", "", aboveOne],
  ["ous", "", aboveOne],
  ["ive", "", aboveOne],
  ["ize", "", aboveOne],
];

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return word.endsWith("ll") && measure(word.slice(0, -1)) > 1
    ? word.slice(0, -1)
    : word;
}

/**
 * Stems a lowercase word as NLTK's default `PorterStemmer().stem` does.
 *
 * @example
 * ```ts
 * import { nltkPorterStem } from "./porter_stemmer.ts";
 * console.log(nltkPorterStem("running")); // "run"
 * console.log(nltkPorterStem("boys")); // "boy" (Porter's original: "boi")
 * console.log(nltkPorterStem("dying")); // "die"
 * console.log(nltkPorterStem("generously")); // "gener"
 * ```
 *
 * @param word A lowercase word.
 * @returns Its stem.
 */
export function nltkPorterStem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return word;
  return step5b(
    step5a(
      firstRule(
        firstRule(step2(step1c(step1b(step1a(word)))), STEP3),
        STEP4,
      ),
    ),
  );
}
