/**
 * The words people search with (issue 36, ADR 40): what a name of a kind of business costs through the search use
 * case — 'chemist', 'mama put', 'kantin magani', with and without a place or 'Open now' / 'Near me' — beside the
 * words listings carry ('pharmacy', 'restaurant'), the directory's caches emptied before every search (the cold
 * cost). Reports p50 / p95 / max per text and how many each found. Run it on the code before synonyms (HEAD~ in a
 * worktree) and after: the same texts are plain words there.
 *
 *   node --import tsx bench/search/synonyms.mts --database-url postgres://…/bench [--rounds 15]
 *   node --import tsx bench/search/synonyms.mts --data-dir /tmp/bench-100k        (embedded; no server on it)
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { coldSearches } from "../lib/cold-searches.mts";

const { values: args } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, rounds: { type: "string" } } });
const database = args["database-url"]
  ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2 })
  : await openDatabase({ kind: "embedded", dataDir: path.resolve(args["data-dir"] ?? "/tmp/bench-100k"), purpose: "synonyms bench" });
useDatabase(database);
const ROUNDS = Number(args.rounds ?? 15);

const TEXTS = [
  "q=pharmacy",
  "q=chemist",
  "q=kantin+magani",
  "q=chemist+ikeja",
  "q=restaurant",
  "q=mama+put",
  "q=buka+lagos",
  "q=%E1%BB%A5l%E1%BB%8D+nri",
  "q=vulcanizer",
  "q=mai+faci+kano",
  "q=chemist&open=now&region=Lagos",
  "q=mama+put&near=6.6018,3.3515",
];

for (const query of TEXTS) await coldSearches(decodeURIComponent(query.replace(/\+/g, " ")), new URLSearchParams(query), ROUNDS, 34);
useDatabase(undefined);
await database.close();
