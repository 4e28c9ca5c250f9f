/** How the search text becomes a full-text query. Pure and client-safe. */
import { CATEGORIES, type Category } from "../../../lib/reference";
import { SEARCH_SYNONYMS } from "../search-synonyms";

/** At most this many words of the search text are used. */
export const MAX_SEARCH_TERMS = 8;

/** Little words left out when the text has other words ('rice and stew in Ikeja'). */
const STOP_WORDS = new Set(["a", "an", "and", "at", "by", "for", "from", "in", "near", "of", "on", "or", "the", "to", "with"]);

/**
 * The words of a search text, lower-case, as the database's 'simple' parser splits listing text
 * (letters and digits; punctuation, slashes and apostrophes separate words). Repeats are dropped, and
 * little words too when there are others (in the text, or found before: othersFound).
 */
export function searchTerms(text: string, { othersFound = false }: { othersFound?: boolean } = {}): string[] {
  const words = [...new Set(text.toLowerCase().normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [])];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  // Little words alone are the search ('the', 'in'), unless the text had others: a name of a kind of business
  // ('the chemist', 'chemist in': othersFound).
  return (meaningful.length > 0 || othersFound ? meaningful : words).slice(0, MAX_SEARCH_TERMS);
}

/** A name people search with, found in the text: its words (folded), the words listings carry for it, its category. */
export type SynonymGroup = { phrase: readonly string[]; finds: readonly string[]; category: Category };

/** At most this many names of kinds of business are read from one search text. */
const MAX_SYNONYM_GROUPS = 3;

/** Lower case without tone marks and underdots ('Ṣọ́ọ̀bù' → 'soobu'): people type both. */
function fold(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

const foldedWords = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

let synonymIndex: { phrases: Map<string, { finds: readonly string[]; category: Category }>; longest: number } | undefined;

/** Every name of SEARCH_SYNONYMS, folded, to the words it finds (built once). */
function synonyms() {
  if (!synonymIndex) {
    const phrases = new Map<string, { finds: readonly string[]; category: Category }>();
    let longest = 1;
    for (const entry of SEARCH_SYNONYMS) {
      for (const said of Object.values(entry.says).flat()) {
        const words = foldedWords(said);
        if (words.length === 0) continue;
        longest = Math.max(longest, words.length);
        const key = words.join(" ");
        // A name in two entries (Pidgin 'buka' and Yoruba 'búkà') finds both's words; the first entry's category.
        const known = phrases.get(key);
        phrases.set(key, { finds: [...new Set([...(known?.finds ?? []), ...entry.finds])], category: known?.category ?? entry.category });
      }
    }
    synonymIndex = { phrases, longest };
  }
  return synonymIndex;
}

/**
 * The names of kinds of business in a search text, in any of our languages ('chemist', 'mama put', 'kantin
 * magani'; issue 36), longest first from the left, and the text without them. The rest is searched word by word
 * as before; each name becomes one alternative of the words listings carry for it (prefixTsQuery).
 */
export function findSynonyms(text: string): { rest: string; groups: SynonymGroup[] } {
  const tokens = text.normalize("NFC").match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const folded = tokens.map(fold);
  const { phrases, longest } = synonyms();
  const groups: SynonymGroup[] = [];
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let taken = 0;
    if (groups.length < MAX_SYNONYM_GROUPS) {
      for (let n = Math.min(longest, tokens.length - i); n >= 1 && !taken; n--) {
        const phrase = folded.slice(i, i + n);
        const known = phrases.get(phrase.join(" "));
        if (known) {
          if (!groups.some((group) => group.phrase.join(" ") === phrase.join(" "))) groups.push({ phrase, ...known });
          taken = n;
        }
      }
    }
    if (taken === 0) rest.push(tokens[i]!);
    i += taken || 1;
  }
  return { rest: rest.join(" "), groups };
}

export type TsQueryOptions = {
  /** Names of kinds of business found in the text (findSynonyms): each must match as one of its words. */
  synonyms?: readonly SynonymGroup[];
  /** The words must all be in the name (weight A of the search vector). */
  nameOnly?: boolean;
  /**
   * Words common in the directory's listings (the planner's most common lexemes). Typed in full, such a
   * word matches itself and its plural rather than as a prefix: a common prefix would make the search
   * index gather every listing with any word starting so ('lagos' → 'lagos', 'lagosian', …).
   */
  common?: { has(word: string): boolean };
};

/** Words whose last letter is not a plural's ('news' is not many 'new'). */
const NOT_PLURAL = new Set(["news", "lagos", "series", "species", "always", "perhaps", "various", "thanks"]);

/**
 * The other grammatical number of an English word where a prefix of the typed word does not reach it (issue 32:
 * 'pharmacy' found 3 listings and 'pharmacies' 2): 'pharmacy' ↔ 'pharmacies', 'dresses' → 'dress',
 * 'hotels' → 'hotel'. A singular's own plural in -s or -es needs nothing: it starts with the singular. Words of
 * fewer than four letters, with other than a–z, or in NOT_PLURAL have none.
 */
export function otherNumberForms(term: string): string[] {
  if (term.length < 4 || !/^[a-z]+$/.test(term) || NOT_PLURAL.has(term)) return [];
  if (/[^aeiou]ies$/.test(term)) return [`${term.slice(0, -3)}y`];
  if (/[^aeiou]y$/.test(term)) return [`${term.slice(0, -1)}ies`];
  if (/(ss|x|z|ch|sh)es$/.test(term)) return [term.slice(0, -2)];
  if (/[^su]s$/.test(term)) return [term.slice(0, -1)];
  return [];
}

/** A word typed in full and the forms a common word may also take (its plural, or its singular). */
function numberForms(term: string): string[] {
  return [...new Set([term, ...otherNumberForms(term), `${term}s`, `${term}es`])];
}

/**
 * A to_tsquery('simple', …) text requiring every word, each as a prefix ('pharm' finds 'pharmacy',
 * 'bar' finds 'barber' and 'Restaurant/Bar') and its other number as a whole word ('pharmacies' finds 'pharmacy'),
 * but a common word typed in full as itself or its plural or singular;
 * words of one or two letters match whole words ('s' of "Mama's", 'al' of 'Al-Ameen'). Only letters and digits reach it, so nothing
 * in it is tsquery syntax; null when there are no words.
 */
export function prefixTsQuery(terms: readonly string[], { nameOnly = false, common, synonyms = [] }: TsQueryOptions = {}): string | null {
  if (terms.length === 0 && synonyms.length === 0) return null;
  const weight = nameOnly ? "A" : "";
  const exact = (word: string) => (weight ? `${word}:${weight}` : word);
  // A word typed: as a prefix ('pharm' finds 'pharmacy'), a common one as itself and its other number.
  const termQuery = (term: string): string => {
    // One or two letters are a word, not the start of thousands of them ('al' of 'Al-Ameen').
    if (term.length <= 2) return exact(term);
    if (common?.has(term)) {
      // Its other number always (a word that is not common is a cheap look-up), -s and -es plurals when common.
      const others = otherNumberForms(term);
      const forms = numberForms(term).filter((form) => form === term || others.includes(form) || common.has(form));
      return forms.length === 1 ? exact(term) : `(${forms.map(exact).join(" | ")})`;
    }
    // The typed word as a prefix, and its other number as a whole word (an exact look-up in the index).
    const others = otherNumberForms(term);
    return others.length === 0 ? `${term}:*${weight}` : `(${[`${term}:*${weight}`, ...others.map(exact)].join(" | ")})`;
  };
  // A word listings carry for a kind of business, whole, singular or plural ('pharmacy', 'pharmacies'); a phrase's
  // words all together ('car wash').
  const carried = (found: string) => {
    const words = found.split(" ");
    const forms = (word: string) => {
      const others = otherNumberForms(word);
      if (others.length > 0 || word.endsWith("s")) return [word, ...others];
      return [word, /(x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`];
    };
    return words.length === 1 ? forms(words[0]!).map(exact) : [`(${words.map((word) => `(${forms(word).map(exact).join(" | ")})`).join(" & ")})`];
  };
  // A name of a kind of business: any of the words listings carry for it, or the name as typed (a listing called
  // 'Mama Put Corner').
  const groups = synonyms.map(({ phrase, finds }) => {
    const own = phrase.length === 1 ? termQuery(phrase[0]!) : `(${phrase.map(exact).join(" & ")})`;
    return `(${[...new Set([...finds.flatMap(carried), own])].join(" | ")})`;
  });
  const words = terms.map(termQuery);
  return [...words, ...groups].join(" & ");
}

/**
 * At most what share of listings has every word, from the planner's statistics alone, for a text made only of
 * common words (a phrase such as 'pounded yam', where multiplying the words' shares, as the planner does, is
 * wrong): the least common word's share, with the plural forms prefixTsQuery also searches (words of three letters
 * or more). 0 when a word is not among the common ones: such a text is probably rare, and the planner's own
 * estimate stands (a sample for every text with one common word in it would mostly be wasted).
 */
export function wordsBound(terms: readonly string[], common: ReadonlyMap<string, number>): number {
  if (terms.length === 0 || !terms.every((term) => common.has(term))) return 0;
  const shares = terms.map((term) => (term.length <= 2 ? [term] : numberForms(term)).reduce((sum, form) => sum + (common.get(form) ?? 0), 0));
  return Math.min(1, ...shares);
}

/** Edit distance with transpositions (Damerau–Levenshtein, optimal string alignment), stopping past max. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The words with likely typos corrected against the directory's common words (with how often each
 * appears): a word that is not common itself becomes the closest common word within one edit (words of
 * 4–5 letters) or two (longer), the more frequent on a tie ('hotl' → 'hotel', 'pharmcy' → 'pharmacy').
 * Short words and words already common stay as typed.
 */
export function correctTerms(terms: readonly string[], common: ReadonlyMap<string, number>): string[] {
  return terms.map((term) => {
    if (term.length < 4 || common.has(term) || /^\d+$/.test(term)) return term;
    const max = term.length <= 5 ? 1 : 2;
    let best: { word: string; distance: number; frequency: number } | null = null;
    for (const [word, frequency] of common) {
      if (word.startsWith(term)) return term; // a partial word, not a typo
      const distance = editDistance(term, word, max);
      if (distance > max) continue;
      if (!best || distance < best.distance || (distance === best.distance && frequency > best.frequency)) best = { word, distance, frequency };
    }
    return best?.word ?? term;
  });
}

/** Each category's name, folded, with its other number ('plumbers', 'pharmacy stores'), longest first. */
let categoryNames: { words: string[]; category: Category }[] | undefined;

/**
 * The category a search text asks for, when it names one (the home page's 'Popular This Week' counts searches by
 * it): a category's name anywhere in it ('plumber ikeja', 'Pharmacy stores'), else a name people give one ('chemist',
 * 'mama put'); null for anything else (a business's name, a phone number: never shown to anyone).
 */
export function categoryOfSearch(text: string): Category | null {
  const words = foldedWords(text);
  if (words.length === 0) return null;
  categoryNames ??= CATEGORIES.flatMap((category) => {
    const name = foldedWords(category);
    const last = name[name.length - 1]!;
    const plurals = [...otherNumberForms(last), ...(otherNumberForms(last).length > 0 || last.endsWith("s") ? [] : [`${last}s`])];
    return [name, ...plurals.map((plural) => [...name.slice(0, -1), plural])].map((variant) => ({ words: variant, category }));
  }).sort((a, b) => b.words.length - a.words.length);
  for (const { words: name, category } of categoryNames) {
    for (let i = 0; i + name.length <= words.length; i++) if (name.every((word, j) => words[i + j] === word)) return category;
  }
  return findSynonyms(text).groups[0]?.category ?? null;
}
