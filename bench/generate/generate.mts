/**
 * Fills a database with N realistic businesses for the benchmarks (bench/README.md).
 *
 *   node --import tsx bench/generate/generate.mts --count 100000 --data-dir /tmp/bench-100k
 *   node --import tsx bench/generate/generate.mts --count 1000000 --data-dir /tmp/bench-pg \
 *        --database-url postgres://postgres:pw@127.0.0.1:5433/bench
 *
 * Without --database-url the embedded database in DATA_DIR/pgdata is used (the server must not be
 * running on it). Owners (1 to 3 listings each) are real user and profile rows; most listings are
 * approved, some pending, rejected, orphaned or hidden by a suspended owner, about 1% featured (a few
 * of them past their end date). Images are a few shared files (two per category) stored under
 * DATA_DIR/uploads, so the /media routes serve them like uploads. Rows go in with multi-row inserts of
 * arrays (unnest) with the secondary indexes and the facet-count trigger set aside (rebuilt once at the
 * end), then the tables are vacuumed and analysed.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase, type Database } from "../../app/lib/db.server";
import { scatterAround } from "../../app/lib/geo";
import { CATEGORIES, type Category } from "../../app/lib/reference";
import { DiskStorage } from "../../app/lib/storage.server";
import { Rng, slugify } from "../../db/seed/data";
import { mapLimit, renderBusinessImage } from "../../db/seed/images";
import { generateBusiness, generateOwner, type GeneratedOwner } from "./content";
import { hashOf, typicalHours } from "../../db/seed/opening-hours";
import { multirangeLiteral, watDate } from "../../app/lib/opening-hours";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    seed: { type: "string", default: "4242" },
    batch: { type: "string", default: "5000" },
  },
});
if (!args["data-dir"]) {
  console.error("usage: generate.mts --count N --data-dir DIR [--database-url postgres://…] [--seed S]");
  process.exit(2);
}
const count = Number(args.count);
const dataDir = path.resolve(args["data-dir"]);
const batchSize = Number(args.batch);
const rng = new Rng(Number(args.seed));
/** Locations come from their own stream, so the rest of the data is what the same seed gave before them. */
const placeRng = new Rng(Number(args.seed) ^ 0x6e656172);
const DAY = 86_400_000;
const now = Date.now();

/** Raw parameterised SQL on either driver (arrays travel as one parameter each). */
async function exec(database: Database, text: string, params: unknown[] = []): Promise<void> {
  if (database.pool) await database.pool.query(text, params);
  else await database.pglite!.query(text, params);
}

/**
 * One statement in a transaction of its own with `set local` settings (on PostgreSQL, one pooled connection; the
 * settings end with the transaction, so the connection goes back to the pool as it came).
 */
async function execWith(database: Database, settings: string[], text: string, params: unknown[] = []): Promise<void> {
  const run = async (query: (text: string, params?: unknown[]) => Promise<unknown>) => {
    await query("begin");
    try {
      for (const setting of settings) await query(`set local ${setting}`);
      await query(text, params);
      await query("commit");
    } catch (error) {
      await query("rollback");
      throw error;
    }
  };
  if (!database.pool) return run((text, params) => database.pglite!.query(text, params));
  const client = await database.pool.connect();
  try {
    await run((text, params) => client.query(text, params));
  } finally {
    client.release();
  }
}

async function queryAll<T>(database: Database, text: string): Promise<T[]> {
  if (database.pool) return (await database.pool.query(text)).rows as T[];
  return (await database.pglite!.query<T>(text)).rows;
}

async function renderSharedImages(): Promise<Map<Category, { key: string; width: number; height: number }[]>> {
  const storage = new DiskStorage(path.join(dataDir, "uploads"));
  const jobs = CATEGORIES.flatMap((category) => [1, 2].map((position) => ({ category, position })));
  const rendered = await mapLimit(jobs, 2, async ({ category, position }) => {
    const image = await renderBusinessImage({ name: category, category, products: [], seed: 7 }, position);
    const key = `bench/${slugify(category)}-${position}.webp`;
    await storage.put("business-images", key, image.data, "image/webp");
    return { category, key, width: image.width, height: image.height };
  });
  const byCategory = new Map<Category, { key: string; width: number; height: number }[]>();
  for (const { category, ...image } of rendered) byCategory.set(category, [...(byCategory.get(category) ?? []), image]);
  return byCategory;
}

/** Review texts by stars (1 to 5): no links or numbers, which would hold a review for moderation. */
const REVIEW_TEXTS = [
  "Very poor service. They did not deliver what we agreed.",
  "Not good. Late delivery and nobody called to explain.",
  "Average. The work was fine but it took longer than promised.",
  "Good service and fair prices. I will come back.",
  "Excellent! Honest people, quick delivery, and great quality.",
];

async function main() {
  const started = Date.now();
  let stepStarted = started;
  /** Prints how long the step that just ended took (bench/README.md gives the figures). */
  const step = (name: string) => {
    console.log(`  ${name}: ${((Date.now() - stepStarted) / 1000).toFixed(0)} s`);
    stepStarted = Date.now();
  };
  const database = args["database-url"]
    ? await openDatabase({ kind: "postgres", url: args["database-url"], poolSize: 2, statementTimeoutMs: 0 })
    : await openDatabase({ kind: "embedded", dataDir, purpose: "bench generator" });
  /** Statements that may run side by side: two on PostgreSQL (its two connections, both cores), one embedded. */
  const parallel = database.pool ? 2 : 1;
  try {
    await migrateDatabase(database);
    const images = await renderSharedImages();
    // Secondary indexes (GIN above all) are far cheaper to build once at the end than to keep up to date.
    const indexes = await queryAll<{ indexname: string; indexdef: string }>(
      database,
      `select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename in ('businesses', 'business_images')
         and indexname not in (select conname from pg_constraint)`,
    );
    // saved_businesses too: 20 rows per user (10,000,000 at 1,000,000 listings) went in at 216 s with its indexes
    // and foreign-key checks; they are made at the end (and the rows, right by construction, go in unchecked).
    const savedIndexes = await queryAll<{ indexname: string; indexdef: string }>(
      database,
      `select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename = 'saved_businesses' and indexname not in (select conname from pg_constraint)`,
    );
    for (const { indexname } of [...indexes, ...savedIndexes]) await exec(database, `drop index "${indexname}"`);
    // The per-region/category counts (migration 0004) are recomputed once at the end instead of per row.
    await exec(database, "alter table businesses disable trigger businesses_facet_counts");
    await exec(database, "alter table businesses disable trigger businesses_rated4_counts");
    await exec(database, "alter table businesses disable trigger businesses_lga_counts");
    await exec(database, "alter table businesses disable trigger businesses_verified_counts");
    console.log(`images ready in ${Date.now() - started} ms; inserting ${count.toLocaleString("en")} businesses…`);
    const runId = randomUUID().slice(0, 8);
    const inFlight: Promise<void>[] = [];

    let owner: GeneratedOwner & { id: string; suspended: boolean } = { ...generateOwner(rng), id: "", suspended: false };
    let listingsLeft = 0;
    /** Up to 2,000 earlier owners, who write the reviews. */
    const reviewerPool: string[] = [];
    let previousOwnerId = "";
    let ownerNumber = 0;
    for (let offset = 0; offset < count; offset += batchSize) {
      const size = Math.min(batchSize, count - offset);
      const users: { id: string; name: string; email: string; created: string; banned: boolean; first: string; last: string; state: string }[] = [];
      const rows: Record<string, unknown[]> = {
        id: [], user_id: [], name: [], description: [], address: [], plot_number: [], state: [], phone_number: [], website_url: [],
        products: [], category: [], approved: [], approval_status: [], featured: [], featured_until: [], owner_suspended: [],
        view_count: [], created_at: [], lga: [], landmark: [], opening_hours: [], open_minutes: [], latitude: [], longitude: [],
        review_count: [], review_star_sum: [], review_stars_5: [], review_stars_4: [], review_stars_3: [], review_stars_2: [],
        review_stars_1: [], rating_score: [], verified_levels: [],
      };
      const imageRows: Record<string, unknown[]> = { business_id: [], image_url: [], position: [], width: [], height: [], created_at: [] };
      const reviewRows: Record<string, unknown[]> = { business_id: [], author_id: [], stars: [], body: [], created_at: [] };
      const closureRows: { business_id: string[] } = { business_id: [] };
      for (let i = 0; i < size; i++) {
        if (listingsLeft === 0) {
          ownerNumber++;
          owner = { ...generateOwner(rng), id: randomUUID(), suspended: rng.chance(0.02) };
          listingsLeft = rng.int(1, 3);
          if (ownerNumber > 1) reviewerPool[(ownerNumber - 2) % 2000] = previousOwnerId;
          previousOwnerId = owner.id;
          users.push({
            id: owner.id, name: `${owner.firstName} ${owner.lastName}`, email: `bench-${runId}-${ownerNumber}@example.com`,
            created: new Date(now - rng.int(30, 800) * DAY).toISOString(), banned: owner.suspended,
            first: owner.firstName, last: owner.lastName, state: owner.state,
          });
        }
        listingsLeft--;
        const business = generateBusiness(rng, owner);
        const roll = rng.float();
        const status = roll < 0.9 ? "approved" : roll < 0.96 ? "pending" : "rejected";
        const orphan = status === "approved" && rng.chance(0.002);
        const featuredRoll = status === "approved" ? rng.float() : 1;
        const createdAt = new Date(now - Math.floor(rng.float() ** 1.5 * 730 * DAY) - rng.int(0, DAY));
        const id = randomUUID();
        rows.id.push(id);
        rows.user_id.push(orphan ? null : owner.id);
        rows.name.push(business.name);
        rows.description.push(business.description);
        rows.address.push(business.address);
        rows.plot_number.push(business.plotNumber);
        rows.state.push(business.state);
        rows.phone_number.push(business.phoneNumber);
        rows.website_url.push(business.websiteUrl);
        rows.products.push(business.products.join("\u001f"));
        rows.category.push(business.category);
        rows.approved.push(status === "approved");
        rows.approval_status.push(status);
        // About 1% featured; a fifth of those past their end date (not featured any more).
        rows.featured.push(featuredRoll < 0.01);
        rows.featured_until.push(featuredRoll < 0.01 ? new Date(now + (featuredRoll < 0.002 ? -1 : 1) * rng.int(1, 90) * DAY).toISOString() : null);
        rows.owner_suspended.push(owner.suspended);
        rows.view_count.push(status === "approved" ? Math.round(rng.float() ** 3 * 5000) : 0);
        rows.created_at.push(createdAt.toISOString());
        rows.lga.push(business.lga);
        rows.landmark.push(business.landmark);
        // Opening hours (ADR 21) from the category, picked by a hash of the id (the random sequence is untouched).
        const hours = typicalHours(business.category, hashOf(id));
        rows.opening_hours.push(hours ? JSON.stringify(hours) : null);
        rows.open_minutes.push(hours ? multirangeLiteral(hours) : null);
        // About 1 in 200 listings is closed today (WAT): the filter's closure check has rows to find.
        if (hours && hashOf(`${id}:closed`) % 200 === 0) closureRows.business_id.push(id);
        // Within 25 km of the state's capital (ADR 23): dense around cities, as listings are.
        const place = scatterAround(business.state, placeRng.float(), placeRng.float(), 25);
        rows.latitude.push(place.latitude);
        rows.longitude.push(place.longitude);
        // Reviews at the demo data's rate (db/seed: two listings in three, one to five reviews each), written by
        // earlier owners (never the listing's own), stars skewed high as review sites' are.
        // Its rating aggregates and Bayesian score (m = 3.5, C = 5: ADR 18) go in with the listing: an update of
        // every reviewed listing afterwards rewrote each row and its search vector (87 s at 1,000,000).
        const starCounts = [0, 0, 0, 0, 0, 0];
        if (status === "approved" && rng.float() < 2 / 3 && reviewerPool.length > 5) {
          const authors = new Set<string>();
          for (let r = rng.int(1, 5); r > 0; r--) {
            const author = reviewerPool[rng.int(0, reviewerPool.length - 1)]!;
            if (author === owner.id || authors.has(author)) continue;
            authors.add(author);
            const starRoll = rng.float();
            const stars = starRoll < 0.45 ? 5 : starRoll < 0.75 ? 4 : starRoll < 0.87 ? 3 : starRoll < 0.94 ? 2 : 1;
            starCounts[stars]!++;
            reviewRows.business_id.push(id);
            reviewRows.author_id.push(author);
            reviewRows.stars.push(stars);
            reviewRows.body.push(REVIEW_TEXTS[stars - 1]!);
            reviewRows.created_at.push(new Date(Math.min(now - DAY, createdAt.getTime() + rng.int(1, 300) * DAY)).toISOString());
          }
        }
        const reviewCount = starCounts.reduce((a, b) => a + b, 0);
        const starSum = starCounts.reduce((sum, n, stars) => sum + n * stars, 0);
        rows.review_count.push(reviewCount);
        rows.review_star_sum.push(starSum);
        for (const stars of [5, 4, 3, 2, 1]) rows[`review_stars_${stars}`]!.push(starCounts[stars]);
        rows.rating_score.push((5 * 3.5 + starSum) / (5 + reviewCount));
        // Verification levels (issue 35), by hashes (the random sequence is untouched): 3% of public listings with a
        // phone verified, 0.5% a registered business, and every listing of 1% of owners their identity.
        const verifiedRoll = hashOf(`${id}:verified`) % 1000;
        const listed = status === "approved" && !orphan;
        rows.verified_levels.push(
          listed
            ? (business.phoneNumber && verifiedRoll < 30 ? 1 : 0) | (hashOf(`${owner.id}:identity`) % 100 === 0 ? 2 : 0) | (verifiedRoll >= 990 && verifiedRoll < 995 ? 4 : 0)
            : 0,
        );
        const shared = images.get(business.category)!;
        const imageCount = rng.int(1, 3);
        for (let position = 1; position <= imageCount; position++) {
          const image = shared[(position - 1) % shared.length];
          imageRows.business_id.push(id);
          imageRows.image_url.push(image.key);
          imageRows.position.push(position);
          imageRows.width.push(image.width);
          imageRows.height.push(image.height);
          imageRows.created_at.push(createdAt.toISOString());
        }
      }
      if (users.length > 0) {
        await exec(
          database,
          `insert into "user" (id, name, email, email_verified, created_at, updated_at, role, banned, metadata)
           select u.id, u.name, u.email, true, u.created, u.created, 'user', u.banned, '{}'::jsonb
           from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[]) as u(id, name, email, created, banned)`,
          [users.map((u) => u.id), users.map((u) => u.name), users.map((u) => u.email), users.map((u) => u.created), users.map((u) => u.banned)],
        );
        await exec(
          database,
          `insert into profiles (id, first_name, last_name, country, state, role, kyc_status, created_at, updated_at)
           select p.id, p.first, p.last, 'Nigeria', p.state, 'business', 'approved', p.created, p.created
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as p(id, first, last, state, created)`,
          [users.map((u) => u.id), users.map((u) => u.first), users.map((u) => u.last), users.map((u) => u.state), users.map((u) => u.created)],
        );
      }
      // The listings, their images, closures and reviews: on PostgreSQL in the background while the next batch is
      // made (the server's work per row, the search vector above all, is most of the time; two connections use
      // both cores). Users go in first and in order, so every listing's owner and review author is already there.
      const heavy = (async () => {
        await exec(
          database,
          `insert into businesses (id, user_id, name, description, address, plot_number, state, country, phone_number, website_url,
             products, category, approved, approval_status, approved_at, featured, featured_until, owner_suspended, view_count,
             created_at, updated_at, lga, landmark, opening_hours, open_minutes, latitude, longitude,
             review_count, review_star_sum, review_stars_5, review_stars_4, review_stars_3, review_stars_2, review_stars_1, rating_score, verified_levels)
           select b.id, b.user_id, b.name, b.description, b.address, b.plot_number, b.state, 'Nigeria', b.phone_number, b.website_url,
             string_to_array(b.products, chr(31)), b.category, b.approved, b.approval_status,
             case when b.approved then b.created_at end, b.featured, b.featured_until, b.owner_suspended, b.view_count,
             b.created_at, b.created_at, b.lga, b.landmark, b.opening_hours::jsonb, b.open_minutes::int4multirange, b.latitude, b.longitude,
             b.rc, b.rs, b.r5, b.r4, b.r3, b.r2, b.r1, b.score, b.verified_levels
           from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
             $10::text[], $11::text[], $12::boolean[], $13::text[], $14::boolean[], $15::timestamptz[], $16::boolean[], $17::int[],
             $18::timestamptz[], $19::text[], $20::text[], $21::text[], $22::text[], $23::float8[], $24::float8[],
             $25::int[], $26::int[], $27::int[], $28::int[], $29::int[], $30::int[], $31::int[], $32::float8[], $33::smallint[])
             as b(id, user_id, name, description, address, plot_number, state, phone_number, website_url, products, category,
                  approved, approval_status, featured, featured_until, owner_suspended, view_count, created_at, lga, landmark, opening_hours, open_minutes,
                  latitude, longitude, rc, rs, r5, r4, r3, r2, r1, score, verified_levels)`,
          Object.values(rows),
        );
        await exec(
          database,
          `insert into business_images (business_id, image_url, position, width, height, created_at)
           select * from unnest($1::uuid[], $2::text[], $3::smallint[], $4::int[], $5::int[], $6::timestamptz[])`,
          Object.values(imageRows),
        );
        if (closureRows.business_id.length > 0) {
          await exec(
            database,
            `insert into business_closures (business_id, closed_on, note) select c.id, $2::date, 'Public holiday' from unnest($1::uuid[]) as c(id)`,
            [closureRows.business_id, watDate(new Date(now))],
          );
        }
        if (reviewRows.business_id.length > 0) {
          await exec(
            database,
            `insert into reviews (business_id, author_id, stars, body, created_at, updated_at)
             select r.business_id, r.author_id, r.stars, r.body, r.created_at, r.created_at
             from unnest($1::uuid[], $2::text[], $3::smallint[], $4::text[], $5::timestamptz[]) as r(business_id, author_id, stars, body, created_at)`,
            Object.values(reviewRows),
          );
        }
      })();
      heavy.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      inFlight.push(heavy);
      if (inFlight.length >= parallel) await inFlight.shift();
      const done = offset + size;
      if (done % (batchSize * 10) === 0 || done === count) {
        console.log(`  ${done.toLocaleString("en")} businesses (${ownerNumber.toLocaleString("en")} owners) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }
    await Promise.all(inFlight);
    step("listings, images, closures and reviews");
    console.log(`rebuilding ${indexes.length} indexes…`);
    await mapLimit(indexes, parallel, ({ indexdef }) => execWith(database, database.pool ? ["maintenance_work_mem = '512MB'"] : [], indexdef));
    step("indexes");
    // The maintained counts, once from the rows (their triggers were off during the load): all public listings per
    // region and category (and per LGA), 'Rated 4+' (migration 0020) and 'Verified' (migration 0046) alike.
    const refillCounts = async (trigger: string, all: string, byLga: string, where: string) => {
      await exec(database, `alter table businesses enable trigger ${trigger}`);
      if (all) {
        await exec(database, `delete from ${all}`);
        await exec(database, `insert into ${all} (state, category, count) select coalesce(state, ''), coalesce(category, ''), count(*) from businesses where ${where} group by 1, 2`);
      }
      await exec(database, `delete from ${byLga}`);
      await exec(
        database,
        `insert into ${byLga} (state, lga, category, count)
         select coalesce(state, ''), lga, coalesce(category, ''), count(*) from businesses where ${where} and lga is not null group by 1, 2, 3`,
      );
    };
    const listedRows = "approved and approval_status = 'approved' and not owner_suspended and user_id is not null";
    await exec(database, "alter table businesses enable trigger businesses_facet_counts");
    await exec(database, "delete from business_facet_counts");
    await exec(database, `insert into business_facet_counts (state, category, count) select coalesce(state, ''), coalesce(category, ''), count(*) from businesses where ${listedRows} group by 1, 2`);
    await refillCounts("businesses_rated4_counts", "business_rated4_counts", "business_rated4_lga_counts", `${listedRows} and review_count > 0 and review_star_sum >= 4 * review_count`);
    await refillCounts("businesses_lga_counts", "", "business_lga_counts", listedRows);
    await refillCounts("businesses_verified_counts", "business_verified_counts", "business_verified_lga_counts", `${listedRows} and verified_levels > 0`);
    step("facet counts");
    // The verification levels the listings' bits say they have (issue 35), each dated after the listing was made.
    await exec(
      database,
      `insert into listing_verifications (level, method, user_id, business_id, phone, verified_at, expires_at)
       select 'phone', 'sms-code', user_id, id, phone_number, greatest(created_at, now() - interval '300 days'), now() + interval '65 days'
       from businesses where verified_levels & 1 = 1`,
    );
    await exec(
      database,
      `insert into listing_verifications (level, method, user_id, business_id, rc_number, registered_name, company_type, provider, verified_at, expires_at)
       select 'business', 'cac-lookup', user_id, id, (1000000 + abs(hashtext(id::text)) % 8000000)::text, upper(name) || ' LIMITED',
         'PRIVATE_COMPANY_LIMITED_BY_SHARES', 'verifyme', greatest(created_at, now() - interval '300 days'), now() + interval '65 days'
       from businesses where verified_levels & 4 = 4`,
    );
    await exec(
      database,
      `insert into listing_verifications (level, method, user_id, full_name, verified_at, expires_at)
       select distinct on (b.user_id) 'identity', 'document', b.user_id, u.name, now() - interval '100 days', now() + interval '600 days'
       from businesses b join "user" u on u.id = b.user_id where b.verified_levels & 2 = 2`,
    );
    step("verification levels");
    // Owner analytics (issue 18, ADR 25): one listing in 50 has 90 days of daily rollups (a few counts a day, first
    // replies some days), so the rollup table has the size a busy directory gives it.
    console.log("analytics rollups…");
    await exec(
      database,
      `insert into listing_daily_stats (business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, reply_seconds)
       select b.id, d::date, h % 40, h % 300, h % 3, (h / 3) % 3, (h / 7) % 2, (h / 11) % 2, (h / 13) % 2, (h / 17) % 4, (h / 19) % 2,
         case when (h / 19) % 2 = 1 then array[60 + h % 14400] else '{}'::int[] end
       from businesses b
       cross join generate_series(current_date - 89, current_date, interval '1 day') as d
       cross join lateral (select abs(hashtext(b.id::text || d::text)) as h) as x
       where abs(hashtext(b.id::text)) % 50 = 0`,
    );
    // Saved businesses (issue 20, ADR 30): each earlier owner saved 20 public listings, the first of them the
    // account limit (500), so /saved and its index meet the sizes a busy directory gives them. Each user's saves are
    // a run of consecutive public listings (in id order) from an offset of up to 10,000 given by a hash of its id:
    // the first 10,500 public ids are numbered once, then every user's run is a range join on that number (a
    // lateral `order by id offset … limit 20` per user read up to 10,000 rows each: hours at 100,000, issue 30).
    step("analytics rollups");
    console.log("saved businesses…");
    await exec(database, "drop table if exists bench_public_ids");
    await exec(
      database,
      `create unlogged table bench_public_ids as
       select (row_number() over (order by id) - 1)::int as n, id from (
         select b.id from businesses b
         where b.approved and b.approval_status = 'approved' and not b.owner_suspended and b.user_id is not null
         order by b.id limit 10500
       ) p`,
    );
    await exec(database, "create index on bench_public_ids (n)");
    await exec(database, "analyze bench_public_ids");
    // In `parallel` parts by user (each on its own connection on PostgreSQL).
    await mapLimit(
      Array.from({ length: parallel }, (_, part) => part),
      parallel,
      (part) =>
        execWith(
          database,
          // Foreign keys are not checked for these rows (superuser's replica mode): every id is one just read.
          ["session_replication_role = replica"],
          `insert into saved_businesses (user_id, business_id, created_at)
           select u.id, p.id, now() - (abs(hashtext(u.id || p.id::text)) % 365) * interval '1 day'
           from (select id, abs(hashtext(id)) % 10000 as first, case when row_number() over (order by id) = 1 then 500 else 20 end as size
                 from "user") u
           join bench_public_ids p on p.n >= u.first and p.n < u.first + u.size
           where (abs(hashtext(u.id)) / 10000) % $1 = $2
           on conflict do nothing`,
          [parallel, part],
        ),
    );
    await exec(database, "drop table bench_public_ids");
    await mapLimit(savedIndexes, parallel, ({ indexdef }) => execWith(database, database.pool ? ["maintenance_work_mem = '512MB'"] : [], indexdef));
    step("saved businesses");
    console.log("vacuum analyze…");
    const tables = ["businesses", "saved_businesses", "reviews", "business_images", '"user"', "profiles", "business_closures", "listing_daily_stats"];
    await mapLimit(tables, parallel, (table) => exec(database, `vacuum analyze ${table}`));
    step("vacuum analyze");
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

await main();
