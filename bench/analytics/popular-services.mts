/**
 * The job 'popular-services' (issue 37: the home page's 'Popular This Week') on a large database: its run time, and
 * the home page's read of what it kept. Run it on a database with a week of search words and contact events (the
 * README of bench/ says how the 1,000,000-listing one was filled).
 *
 *   node --import tsx bench/analytics/popular-services.mts --database-url postgres://…/bench [--rounds 5]
 */
import { parseArgs } from "node:util";
import { clearDirectoryCaches } from "../../app/features/directory/clear-directory-caches.server";
import { listPopularServices } from "../../app/features/directory/list-popular-services.server";
import { refreshPopularServices } from "../../app/features/directory/refresh-popular-services.server";
import { openDatabase, useDatabase } from "../../app/lib/db.server";

const { values: args } = parseArgs({ options: { "database-url": { type: "string" }, rounds: { type: "string" } } });
const database = await openDatabase({ kind: "postgres", url: args["database-url"]!, poolSize: 2 });
useDatabase(database);
const rounds = Number(args.rounds ?? 5);
const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};
for (let round = 1; round <= rounds; round++) {
  const job = await timed(() => refreshPopularServices());
  clearDirectoryCaches();
  const read = await timed(() => listPopularServices());
  console.log(`round ${round}: job ${job.ms.toFixed(0)} ms (${job.value.categories} categories); home's read ${read.ms.toFixed(1)} ms: ${read.value.map((item) => (item.kind === "category" ? item.category : `“${item.text}”`)).join(", ")}`);
}
useDatabase(undefined);
await database.close();
