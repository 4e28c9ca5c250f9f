/** How the search text becomes a full-text query. Pure and client-safe. */

/** At most this many words of the search text are used. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The words of a search text, lower-case, as the database's 'simple' parser splits listing text
 * (letters and digits; punctuation, slashes and apostrophes separate words). Repeats are dropped.
 */
export function searchTerms(text: string): string[] {
  const words = text.toLowerCase().normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * A to_tsquery('simple', …) text requiring every word, each as a prefix ('pharm' finds 'pharmacy',
 * 'bar' finds 'barber' and 'Restaurant/Bar'); single letters must match whole words ('s' of "Mama's").
 * Only letters and digits reach it, so nothing in it is tsquery syntax; null when there are no words.
 * nameOnly: the words must all be in the name.
 */
export function prefixTsQuery(terms: readonly string[], { nameOnly = false } = {}): string | null {
  if (terms.length === 0) return null;
  // Weight A is the listing's name in the search vector (migration 0004).
  const weight = nameOnly ? "A" : "";
  return terms.map((term) => (term.length > 1 ? `${term}:*${weight}` : weight ? `${term}:${weight}` : term)).join(" & ");
}
