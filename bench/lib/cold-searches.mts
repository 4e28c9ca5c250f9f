// The search use case asked `rounds` times with the directory's caches emptied before each (the cold cost), for the
// search benches (verified-filter.mts, synonyms.mts): one line of p50 / p95 / max and what the last search found.
import { clearDirectoryCaches } from "../../app/features/directory/clear-directory-caches.server";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { searchBusinesses } from "../../app/features/directory/search-businesses.server";
import { percentile } from "./server.mts";

export async function coldSearches(label: string, params: URLSearchParams, rounds: number, width = 28): Promise<void> {
  const ms: number[] = [];
  let found = 0;
  let total = 0;
  for (let round = 0; round < rounds; round++) {
    clearDirectoryCaches();
    const started = performance.now();
    const result = await searchBusinesses(parseBusinessFilters(params));
    ms.push(performance.now() - started);
    found = result.items.length;
    total = result.total;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(1).padStart(6);
  console.log(`${label.padEnd(width)} p50 ${at(50)} ms  p95 ${at(95)} ms  max ${Math.max(...ms).toFixed(1).padStart(6)} ms  ${found} on the page, ${total} in all`);
}
