import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessMessages, conversationBlocks, listingDailyStats, quoteRecipients, quoteRequests, user } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows, type Db, type Tx } from "../../lib/db.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { CATEGORIES, REGIONS } from "../../lib/reference";
import { watDay } from "../analytics/analytics.schemas";
import { flushListingEvents } from "../analytics/record-listing-events.server";
import { addConversationMessage } from "../messaging/add-conversation-message.server";
import { MESSAGE_NOTICE_QUEUE } from "../messaging/send-message-notice.server";
import { deleteMyAccount } from "../privacy/delete-my-account.server";
import { listBusinessReviews } from "../reviews/list-business-reviews.server";
import { saveReview } from "../reviews/save-review.server";
import { exportMyData } from "../privacy/export-my-data.server";
import { PRIVACY_TEXTS } from "../privacy/privacy.schemas";
import { acceptQuote } from "./accept-quote.server";
import { answerQuote } from "./answer-quote.server";
import { cancelQuoteRequest } from "./cancel-quote-request.server";
import { createQuoteRequest } from "./create-quote-request.server";
import { declineQuote } from "./decline-quote.server";
import { getQuoteRequest } from "./get-quote-request.server";
import { matchBusinesses, matchingSql } from "./internal/matching.server";
import { listQuoteRequests } from "./list-quote-requests.server";
import { listReceivedQuoteRequests } from "./list-received-quote-requests.server";
import { nairaToKobo, QUOTE_TEXTS } from "./quote.schemas";

const db = () => getDb();
const TEXT = "Need a plumber in Ikeja: leaking kitchen pipe, this week";

async function visitor(input: { phone?: string } = {}) {
  const created = await createVisitor(db());
  if (input.phone) await db().execute(sql`update profiles set phone = ${input.phone}, phone_verified_at = now() where id = ${created.id}`);
  return actorFor(created);
}

/** An owner's approved listing of a category in a state (and LGA, place), created `daysAgo` days ago. */
async function listing(input: { category: string; state: string; lga?: string | null; latitude?: number; longitude?: number; featured?: boolean; name?: string; daysAgo?: number }) {
  const owner = await createOwner(db());
  const business = await createBusiness(db(), {
    userId: owner.id, category: input.category, state: input.state, lga: input.lga ?? null, latitude: input.latitude ?? null, longitude: input.longitude ?? null,
    featured: input.featured ?? false, name: input.name, createdAt: new Date(Date.now() - (input.daysAgo ?? 1) * 86_400_000),
  });
  return { owner, business, ownerActor: await actorFor(owner) };
}

const ids = (rows: { businessId: string }[]) => rows.map((r) => r.businessId);
const jobsIn = async (db: Db | Tx, messageIds: string[]) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where name = ${MESSAGE_NOTICE_QUEUE} and data->>'messageId' in ${messageIds}`))[0]!.n;
const jobsFor = (messageIds: string[]) => jobsIn(db(), messageIds);

describe("the matching rule (ADR 43)", () => {
  it("only owned, public listings of the category in the state, never the requester's own, the suspended, the blocking or the closed all week", async () => {
    const me = await visitor();
    const good = await listing({ category: "Plumber", state: "Kwara" });
    await listing({ category: "Plumber", state: "Oyo" });
    await listing({ category: "Electrician", state: "Kwara" });
    const suspended = await listing({ category: "Plumber", state: "Kwara" });
    await db().update(user).set({ banned: true }).where(eq(user.id, suspended.owner.id));
    const blocking = await listing({ category: "Plumber", state: "Kwara" });
    await db().insert(conversationBlocks).values({ businessId: blocking.business.id, visitorId: me.id, blockedBy: "business", blockerId: blocking.owner.id });
    const pending = await createBusiness(db(), { userId: (await createOwner(db())).id, category: "Plumber", state: "Kwara", status: "pending" });
    const closedAllWeek = await listing({ category: "Plumber", state: "Kwara" });
    await db().execute(sql`update businesses set opening_hours = ${JSON.stringify(Array(7).fill({ mode: "closed" }))}::jsonb, open_minutes = '{}'::int4multirange where id = ${closedAllWeek.business.id}`);
    const unclaimed = await createBusiness(db(), { userId: null, category: "Plumber", state: "Kwara" });
    await db().execute(sql`update businesses set source = 'osm', source_id = ${`node/${Date.now()}`} where id = ${unclaimed.id}`);
    const own = await createBusiness(db(), { userId: me.id, category: "Plumber", state: "Kwara" });

    const chosen = ids(await matchBusinesses(db(), { requesterId: me.id, category: "Plumber", state: "Kwara", lga: null }));
    expect(chosen).toEqual([good.business.id]);
    for (const excluded of [suspended.business.id, blocking.business.id, pending.id, closedAllWeek.business.id, unclaimed.id, own.id]) {
      expect(chosen).not.toContain(excluded);
    }
  });

  it("at most 5; the LGA first; then no lead in 24 hours before a recent one; paid or featured listings are not favoured", async () => {
    const me = await visitor();
    const sameLga = await listing({ category: "Carpenter", state: "Ekiti", lga: "Ado Ekiti" });
    const featuredElsewhere = await listing({ category: "Carpenter", state: "Ekiti", lga: "Ikere", featured: true });
    const recentSameLga = await listing({ category: "Carpenter", state: "Ekiti", lga: "Ado Ekiti", featured: true });
    const others = await Promise.all([1, 2, 3, 4].map(() => listing({ category: "Carpenter", state: "Ekiti", lga: "Ijero" })));
    // recentSameLga received a request an hour ago.
    const earlier = await visitor();
    const [old] = await db().insert(quoteRequests).values({ requesterId: earlier.id, description: TEXT, category: "Carpenter", state: "Ekiti" }).returning();
    await db().insert(quoteRecipients).values({ requestId: old!.id, businessId: recentSameLga.business.id, ownerId: recentSameLga.owner.id, createdAt: new Date(Date.now() - 3_600_000) });

    const chosen = await matchBusinesses(db(), { requesterId: me.id, category: "Carpenter", state: "Ekiti", lga: "Ado Ekiti" });
    expect(chosen).toHaveLength(5);
    expect(chosen[0]!.businessId).toBe(sameLga.business.id);
    expect(chosen[1]!.businessId).toBe(recentSameLga.business.id);
    // The featured listing in another LGA ranks among the others by chance, not first.
    const rest = ids(chosen.slice(2));
    expect(rest.every((id) => [featuredElsewhere.business.id, ...others.map((o) => o.business.id)].includes(id))).toBe(true);
    expect(chosen[2]!.recentLead).toBe(false);
  });

  it("a listing that had a lead in the last 24 hours ranks after one that had none, whatever its plan", async () => {
    const me = await visitor();
    const a = await listing({ category: "Painter", state: "Gombe", featured: true });
    const b = await listing({ category: "Painter", state: "Gombe" });
    await db().execute(sql`update businesses set premium_until = now() + interval '30 days' where id = ${a.business.id}`);
    const [old] = await db().insert(quoteRequests).values({ requesterId: (await visitor()).id, description: TEXT, category: "Painter", state: "Gombe" }).returning();
    await db().insert(quoteRecipients).values({ requestId: old!.id, businessId: a.business.id, ownerId: a.owner.id });
    for (let i = 0; i < 5; i++) {
      const chosen = ids(await matchBusinesses(db(), { requesterId: me.id, category: "Painter", state: "Gombe", lga: null }));
      expect(chosen).toEqual([b.business.id, a.business.id]);
    }
  });

  it("nearer the LGA's centre first (in 5 km steps), then the quicker usual reply", async () => {
    const me = await visitor();
    // Ikeja's centre is about (6.6018, 3.3515).
    const far = await listing({ category: "Tailor", state: "Lagos", lga: "Ikeja", latitude: 6.68, longitude: 3.35 });
    const near = await listing({ category: "Tailor", state: "Lagos", lga: "Ikeja", latitude: 6.6, longitude: 3.35 });
    const slow = await listing({ category: "Tailor", state: "Lagos", lga: "Ikeja" });
    const quick = await listing({ category: "Tailor", state: "Lagos", lga: "Ikeja" });
    const today = watDay(new Date());
    await db().insert(listingDailyStats).values([
      { businessId: quick.business.id, day: today, conversations: 3, replies: 3, replySeconds: [600, 900, 1200] },
      { businessId: slow.business.id, day: today, conversations: 3, replies: 3, replySeconds: [30_000, 40_000, 50_000] },
    ]);
    const chosen = await matchBusinesses(db(), { requesterId: me.id, category: "Tailor", state: "Lagos", lga: "Ikeja" });
    expect(ids(chosen)).toEqual([near.business.id, far.business.id, quick.business.id, slow.business.id]);
    expect(chosen[0]!.km).toBeLessThan(5);
    expect(chosen[1]!.km).toBeGreaterThan(5);
  });

  it("a young category is read along its own span: its newer listings get picked too, not only its oldest 150", async () => {
    const me = await visitor();
    const owner = await createOwner(db());
    // A directory 20 years old, and a category in a state whose 400 listings all came in the last 400 hours.
    const ancient = await createBusiness(db(), { userId: owner.id, category: "Bank", state: "Zamfara", createdAt: new Date(Date.now() - 20 * 365 * 86_400_000) });
    await db().execute(sql`insert into businesses (name, state, category, user_id, approved, approval_status, created_at)
      select 'Young ' || i, 'Zamfara', 'Car wash', ${owner.id}, true, 'approved', now() - i * interval '1 hour'
      from generate_series(1, 400) as i`);
    const newest = new Set((await queryRows<{ id: string }>(db(), sql`select id from businesses where state = 'Zamfara' and category = 'Car wash'
      and created_at > now() - interval '150 hours'`)).map((r) => r.id));
    const picked = new Set<string>();
    for (let run = 0; run < 40; run++) {
      for (const b of await matchBusinesses(db(), { requesterId: me.id, category: "Car wash", state: "Zamfara", lga: null })) picked.add(b.businessId);
    }
    expect([...picked].some((id) => newest.has(id))).toBe(true);
    await db().execute(sql`update businesses set approved = false, approval_status = 'pending' where user_id = ${owner.id} or id = ${ancient.id}`);
  });

  it("reads the category and state through their index, and a bounded number of rows", async () => {
    const me = await visitor();
    const owner = await createOwner(db());
    // 4,000 public listings over 37 states and 63 categories (one or two per category and state), so the planner
    // weighs the choices as on a real directory (bench/README.md has the plan on 1,000,000 listings).
    await db().execute(sql`insert into businesses (name, state, category, user_id, approved, approval_status, created_at)
      select 'Bench ' || i, (array[${sql.join(REGIONS.map((r) => sql`${r}`), sql`, `)}])[1 + i % ${REGIONS.length}],
        (array[${sql.join(CATEGORIES.map((c) => sql`${c}`), sql`, `)}])[1 + (i / ${REGIONS.length}) % ${CATEGORIES.length}],
        ${owner.id}, true, 'approved', now() - i * interval '1 minute'
      from generate_series(1, 4000) as i`);
    await db().execute(sql`analyze businesses`);
    const plan = await queryRows<{ "QUERY PLAN": string }>(db(), sql`explain ${matchingSql({ requesterId: me.id, category: "Plumber", state: "Lagos", lga: null })}`);
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan on businesses/);
    expect(text).toContain("businesses_public_state_category_created_idx");
    const withLga = (await queryRows<{ "QUERY PLAN": string }>(db(), sql`explain ${matchingSql({ requesterId: me.id, category: "Plumber", state: "Lagos", lga: "Ikeja" })}`))
      .map((r) => r["QUERY PLAN"]).join("\n");
    expect(withLga).not.toMatch(/Seq Scan on businesses/);
    expect(withLga).toContain("businesses_public_state_lga_category_created_idx");
    // Out of the other tests' way (a delete would check every table that refers to a listing).
    await db().execute(sql`update businesses set approved = false, approval_status = 'pending' where user_id = ${owner.id}`);
  });
});

describe("asking for quotes", () => {
  it("sends the request to the matched businesses: one conversation each with the request first, the owners' notices enqueued, the lead counted", async () => {
    const me = await visitor();
    const a = await listing({ category: "Plumber", state: "Benue", lga: "Makurdi" });
    const b = await listing({ category: "Plumber", state: "Benue", lga: "Gboko" });
    const outcome = await createQuoteRequest(me, { description: `  ${TEXT} <script>alert(1)</script>`, category: "Plumber", state: "Benue", lga: "Makurdi", timing: "this-week" });
    expect(outcome.businesses).toBe(2);
    const [stored] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, outcome.requestId));
    expect(stored).toMatchObject({ requesterId: me.id, description: TEXT, status: "open", sharePhone: false, lga: "Makurdi", timing: "this-week" });
    const messages = await db().select().from(businessMessages).where(eq(businessMessages.visitorId, me.id));
    expect(messages.map((m) => m.businessId).sort()).toEqual([a.business.id, b.business.id].sort());
    for (const m of messages) {
      expect(m.message).toContain(TEXT);
      expect(m.message).toContain(`/quotes/${outcome.requestId}`);
      expect(m.message).toContain("Quote request: Plumber in Makurdi, Benue, This week");
      expect(m.senderId).toBe(me.id);
    }
    expect(await jobsFor(messages.map((m) => m.id))).toBe(2);
    // The owner's open chat and bell hear of it at once (the chat's live event, with their counts).
    const [live] = await queryRows<{ payload: { message: { text: string; businessId: string }; unreadCount: number; conversationUnread: number } }>(
      db(), sql`select payload from realtime_events where user_id = ${a.owner.id} and type = 'message.created'`,
    );
    expect(live!.payload).toMatchObject({ message: { businessId: a.business.id }, unreadCount: 1, conversationUnread: 1 });
    expect(live!.payload.message.text).toContain(TEXT);
    await flushListingEvents();
    const stats = await db().select().from(listingDailyStats).where(eq(listingDailyStats.businessId, a.business.id));
    expect(stats.reduce((n, s) => n + s.quotes, 0)).toBe(1);
    expect(stats.reduce((n, s) => n + s.conversations, 0)).toBe(1);
  });

  it("the message and its notice job are written in the request's transaction: rolled back together", async () => {
    const me = await visitor();
    const a = await listing({ category: "Generator repair", state: "Osun" });
    let messageId = "";
    await expect(
      db().transaction(async (tx) => {
        messageId = (await addConversationMessage(tx, { businessId: a.business.id, visitorId: me.id, senderId: me.id, recipientId: a.owner.id, senderType: "visitor", text: TEXT })).id;
        expect(await jobsIn(tx, [messageId])).toBe(1);
        throw new Error("the request failed after its messages");
      }),
    ).rejects.toThrow("the request failed after its messages");
    expect(await db().select().from(businessMessages).where(eq(businessMessages.visitorId, me.id))).toHaveLength(0);
    expect(await jobsFor([messageId])).toBe(0);
  });

  it("writes the owner's copy in the owner's language", async () => {
    const me = await visitor();
    const a = await listing({ category: "Mechanic", state: "Kano" });
    await db().execute(sql`update profiles set language = 'ha' where id = ${a.owner.id}`);
    await createQuoteRequest(me, { description: TEXT, category: "Mechanic", state: "Kano" });
    const [m] = await db().select().from(businessMessages).where(eq(businessMessages.visitorId, me.id));
    expect(m!.message).toContain("/ha/quotes/");
    expect(m!.message).not.toContain("Quote request:");
  });

  it("the owner's message stays within a message's 1,000 characters with a long PUBLIC_URL: the job's text is cut with an ellipsis", async () => {
    const me = await visitor();
    const a = await listing({ category: "Agricultural tools store", state: "Akwa Ibom", lga: "Ibesikpo Asutan" });
    await db().execute(sql`update profiles set language = 'yo' where id = ${a.owner.id}`);
    const saved = getEnv();
    setEnv({ ...saved, PUBLIC_URL: "https://the-nigerian-business-directory-for-every-state.example.ng" });
    const long = Array.from({ length: 100 }, (_, i) => `ọ̀rọ̀${i} `).join("").slice(0, 800).trim();
    try {
      const { requestId } = await createQuoteRequest(me, { description: long, category: "Agricultural tools store", state: "Akwa Ibom", lga: "Ibesikpo Asutan", timing: "this-month" });
      const [m] = await db().select().from(businessMessages).where(eq(businessMessages.visitorId, me.id));
      expect(Array.from(m!.message).length).toBeLessThanOrEqual(1000);
      expect(m!.message).toContain("…");
      expect(m!.message).toContain(`https://the-nigerian-business-directory-for-every-state.example.ng/yo/quotes/${requestId}`);
      // The request itself keeps the whole text.
      const [stored] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
      expect(stored!.description).toBe(long);
    } finally {
      setEnv(saved);
    }
  });

  it("stores nothing when no business matches, and says so", async () => {
    const me = await visitor();
    const error = await refusal(createQuoteRequest(me, { description: TEXT, category: "Cinema", state: "Yobe" }));
    expect(error.code).toBe("not-found");
    expect(error.message).toBe(QUOTE_TEXTS.noMatch.text);
    expect(await db().select().from(quoteRequests).where(eq(quoteRequests.requesterId, me.id))).toHaveLength(0);
  });

  it("refuses bad input with a message per field", async () => {
    const me = await visitor();
    const error = await refusal(createQuoteRequest(me, { description: "short", category: "Nope", state: "Lagos", lga: "Gboko" }));
    expect(error.code).toBe("invalid");
    expect(error.fields).toMatchObject({ description: QUOTE_TEXTS.textLength, category: QUOTE_TEXTS.categoryRequired, lga: QUOTE_TEXTS.lgaInvalid });
    expect((await refusal(createQuoteRequest(null, { description: TEXT, category: "Plumber", state: "Lagos" }))).code).toBe("unauthenticated");
  });

  it("at most 3 requests an hour and 10 a day per visitor; a suspended account is refused", async () => {
    const me = await visitor();
    await listing({ category: "Electrician", state: "Nasarawa" });
    for (let i = 0; i < 3; i++) await createQuoteRequest(me, { description: `${TEXT} ${i}`, category: "Electrician", state: "Nasarawa" });
    const hourly = await refusal(createQuoteRequest(me, { description: TEXT, category: "Electrician", state: "Nasarawa" }));
    expect(hourly).toMatchObject({ code: "rate-limited", message: QUOTE_TEXTS.hourlyLimit });
    await db().update(quoteRequests).set({ createdAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(quoteRequests.requesterId, me.id));
    for (let i = 0; i < 7; i++) {
      if (i % 3 === 0) await db().update(quoteRequests).set({ createdAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(quoteRequests.requesterId, me.id));
      await createQuoteRequest(me, { description: `${TEXT} again ${i}`, category: "Electrician", state: "Nasarawa" });
    }
    await db().update(quoteRequests).set({ createdAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(quoteRequests.requesterId, me.id));
    const daily = await refusal(createQuoteRequest(me, { description: TEXT, category: "Electrician", state: "Nasarawa" }));
    expect(daily).toMatchObject({ code: "rate-limited", message: QUOTE_TEXTS.dailyLimit });

    const banned = await visitor();
    await db().update(user).set({ banned: true }).where(eq(user.id, banned.id));
    expect((await refusal(createQuoteRequest(banned, { description: TEXT, category: "Electrician", state: "Nasarawa" }))).code).toBe("forbidden");
  });
});

describe("the limits under requests at once", () => {
  it("two requests at once cannot both take the last place of the hour", async () => {
    const me = await visitor();
    await listing({ category: "Computer repair", state: "Taraba" });
    for (let i = 0; i < 2; i++) await createQuoteRequest(me, { description: `${TEXT} ${i}`, category: "Computer repair", state: "Taraba" });
    // On PostgreSQL the second waits for the first's lock of the account row, then must count the first's request.
    const outcomes = await Promise.allSettled(
      [0, 1, 2].map((i) => createQuoteRequest(me, { description: `${TEXT} at once ${i}`, category: "Computer repair", state: "Taraba" })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(quoteRequests).where(eq(quoteRequests.requesterId, me.id))).toHaveLength(3);
  });
});

describe("reading, answering, accepting", () => {
  async function requestToTwo(sharePhone = false) {
    const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const me = await visitor({ phone });
    const state = "Plateau";
    const category = ["Caterer", "Photographer", "Event planner", "Laundry", "Dry cleaner", "Interior decorator"][Math.floor(Math.random() * 6)]!;
    await db().execute(sql`update businesses set approved = false where state = ${state} and category = ${category}`);
    const a = await listing({ category, state });
    const b = await listing({ category, state });
    const { requestId } = await createQuoteRequest(me, { description: TEXT, category, state, sharePhone });
    const recipients = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, requestId));
    const of = (x: { business: { id: string } }) => recipients.find((r) => r.businessId === x.business.id)!.id;
    return { me, phone, a, b, requestId, ra: of(a), rb: of(b) };
  }

  it("only the requester, the chosen owners (their own row) and admins read a request; the phone only when shared", async () => {
    const hidden = await requestToTwo(false);
    const mine = await getQuoteRequest(hidden.me, hidden.requestId);
    expect(mine.viewerRole).toBe("requester");
    expect(mine.answers).toHaveLength(2);
    const owners = await getQuoteRequest(hidden.a.ownerActor, hidden.requestId);
    expect(owners.viewerRole).toBe("owner");
    expect(owners.answers.map((x) => x.recipientId)).toEqual([hidden.ra]);
    expect(owners.requesterPhone).toBeNull();
    expect((await refusal(getQuoteRequest(await visitor(), hidden.requestId))).code).toBe("not-found");
    expect((await refusal(getQuoteRequest(await actorFor(await createOwner(db())), hidden.requestId))).code).toBe("not-found");
    expect((await getQuoteRequest(await actorFor(await createAdmin(db())), hidden.requestId)).viewerRole).toBe("admin");
    expect((await refusal(getQuoteRequest(await actorFor(await createAdmin(db(), { twoFactor: false })), hidden.requestId))).code).toBe("not-found");

    const shared = await requestToTwo(true);
    expect((await getQuoteRequest(shared.a.ownerActor, shared.requestId)).requesterPhone).toBe(shared.phone);
    expect((await getQuoteRequest(shared.me, shared.requestId)).answers.every((x) => x.priceKobo === null)).toBe(true);
  });

  it("an owner answers once with a price in kobo and a message (editable until accepted), which also reaches the visitor's chat", async () => {
    const r = await requestToTwo();
    expect((await refusal(answerQuote(r.b.ownerActor, { recipientId: r.ra, price: "15000", message: "Not mine" }))).code).toBe("not-found");
    const bad = await refusal(answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "fifteen", message: "" }));
    expect(bad.fields).toMatchObject({ price: QUOTE_TEXTS.priceInvalid, message: QUOTE_TEXTS.answerLength });
    // The visitor left the conversation an hour ago (sending the request counts as having seen it).
    await db().execute(sql`update conversation_states set last_seen_at = now() - interval '1 hour' where business_id = ${r.a.business.id} and user_id = ${r.me.id}`);
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "15,000", message: "Parts and labour, Thursday" });
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "₦14,500.50", message: "Parts and labour, Wednesday" });
    const [row] = await db().select().from(quoteRecipients).where(eq(quoteRecipients.id, r.ra));
    expect(row).toMatchObject({ status: "answered", priceKobo: 1_450_050, answer: "Parts and labour, Wednesday" });
    const replies = await db().select().from(businessMessages)
      .where(and(eq(businessMessages.businessId, r.a.business.id), eq(businessMessages.visitorId, r.me.id), eq(businessMessages.senderType, "business")));
    expect(replies).toHaveLength(2);
    expect(replies.map((m) => m.message).join("\n")).toContain("Quote: ₦14,500.50");
    // One notice for both: at most one per conversation per 15 minutes, as for any message.
    expect(await jobsFor(replies.map((m) => m.id))).toBe(1);
    const view = await getQuoteRequest(r.me, r.requestId);
    expect(view.answers[0]).toMatchObject({ businessId: r.a.business.id, priceKobo: 1_450_050, status: "answered" });
    expect(view.answers[0]!.responseSeconds).not.toBeNull();
    const dashboard = await listReceivedQuoteRequests(r.b.ownerActor);
    expect(dashboard.requests.map((q) => q.requestId)).toContain(r.requestId);
    expect(dashboard.waiting).toBeGreaterThan(0);
  });

  it("quote answers follow the message-notice throttle, and an edit that changes nothing writes nothing", async () => {
    const r = await requestToTwo();
    const replies = () => db().select().from(businessMessages)
      .where(and(eq(businessMessages.businessId, r.a.business.id), eq(businessMessages.visitorId, r.me.id), eq(businessMessages.senderType, "business")));
    // The visitor has the chat open: no notice at all.
    await db().execute(sql`insert into conversation_states (business_id, visitor_id, user_id, last_seen_at) values (${r.a.business.id}, ${r.me.id}, ${r.me.id}, now())
      on conflict (business_id, visitor_id, user_id) do update set last_seen_at = now()`);
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "15000", message: "Parts and labour" });
    expect(await jobsFor((await replies()).map((m) => m.id))).toBe(0);
    // Away for an hour: one notice, then none for the next change within 15 minutes.
    await db().execute(sql`update conversation_states set last_seen_at = now() - interval '1 hour' where business_id = ${r.a.business.id} and user_id = ${r.me.id}`);
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "16000", message: "Parts and labour" });
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "16000", message: "Parts and labour, Friday" });
    expect(await replies()).toHaveLength(3);
    expect(await jobsFor((await replies()).map((m) => m.id))).toBe(1);
    // The same price and text again: no message.
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "₦16,000", message: "Parts and labour, Friday" });
    expect(await replies()).toHaveLength(3);
  });

  it("the visitor accepts one answer: the others are closed, the winner is told, nothing can change after", async () => {
    const r = await requestToTwo();
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "20000", message: "Can start Monday" });
    expect((await refusal(acceptQuote(r.me, { requestId: r.requestId, recipientId: r.rb, priceKobo: 2_000_000 }))).message).toBe(QUOTE_TEXTS.cannotAccept);
    expect((await refusal(acceptQuote(await visitor(), { requestId: r.requestId, recipientId: r.ra, priceKobo: 2_000_000 }))).code).toBe("not-found");
    const { businessId } = await acceptQuote(r.me, { requestId: r.requestId, recipientId: r.ra, priceKobo: 2_000_000 });
    expect(businessId).toBe(r.a.business.id);
    const rows = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, r.requestId));
    expect(Object.fromEntries(rows.map((x) => [x.id, x.status]))).toEqual({ [r.ra]: "accepted", [r.rb]: "closed" });
    const [request] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, r.requestId));
    expect(request!.status).toBe("accepted");
    expect((await refusal(answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "1", message: "Cheaper" }))).message).toBe(QUOTE_TEXTS.alreadyAccepted);
    expect((await refusal(answerQuote(r.b.ownerActor, { recipientId: r.rb, price: "1", message: "Cheaper" }))).message).toBe(QUOTE_TEXTS.notOpen);
    expect((await refusal(cancelQuoteRequest(r.me, r.requestId))).message).toBe(QUOTE_TEXTS.notOpen);
    expect((await getQuoteRequest(r.b.ownerActor, r.requestId)).answers[0]!.status).toBe("closed");
    // The business answered in the conversation: the visitor's review of it shows 'Verified contact' (an account older
    // than a day, so the review is published at once).
    await db().execute(sql`update "user" set created_at = now() - interval '2 days' where id = ${r.me.id}`);
    await saveReview(r.me, { businessId: r.a.business.id, stars: 5, body: "Came on Monday as quoted, fixed it well." });
    const published = await listBusinessReviews(null, { businessId: r.a.business.id });
    expect(published.reviews.rows).toMatchObject([{ verifiedContact: true }]);
  });

  it("an owner declines; the visitor cancels an open request; the lists show both", async () => {
    const r = await requestToTwo();
    await declineQuote(r.b.ownerActor, r.rb);
    expect((await getQuoteRequest(r.b.ownerActor, r.requestId)).answers[0]!.status).toBe("declined");
    expect((await refusal(cancelQuoteRequest(r.a.ownerActor, r.requestId))).code).toBe("not-found");
    await cancelQuoteRequest(r.me, r.requestId);
    const rows = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, r.requestId));
    expect(rows.map((x) => x.status).sort()).toEqual(["closed", "declined"]);
    const list = await listQuoteRequests(r.me, 1);
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ id: r.requestId, status: "cancelled", businesses: 2, answers: 0 });
  });

  it("an owner who withdraws a quote leaves no price shown or counted", async () => {
    const r = await requestToTwo();
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "30000", message: "Two days of work" });
    await declineQuote(r.a.ownerActor, r.ra);
    const view = await getQuoteRequest(r.me, r.requestId);
    expect(view.answers.find((x) => x.recipientId === r.ra)).toMatchObject({ status: "declined", priceKobo: null, answer: null });
    expect((await listQuoteRequests(r.me, 1)).rows[0]).toMatchObject({ id: r.requestId, answers: 0 });
    expect((await refusal(acceptQuote(r.me, { requestId: r.requestId, recipientId: r.ra, priceKobo: 3_000_000 }))).message).toBe(QUOTE_TEXTS.quoteChanged);
  });

  it("the visitor accepts only the price they were shown: a changed or withdrawn quote is refused and nothing changes", async () => {
    const r = await requestToTwo();
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "20000", message: "Can start Monday" });
    // The visitor's page showed ₦20,000; the owner raises it before the click lands.
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "90000", message: "Can start Monday" });
    const changed = await refusal(acceptQuote(r.me, { requestId: r.requestId, recipientId: r.ra, priceKobo: 2_000_000 }));
    expect(changed).toMatchObject({ code: "conflict", message: QUOTE_TEXTS.quoteChanged });
    const [request] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, r.requestId));
    expect(request!.status).toBe("open");
    const rows = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, r.requestId));
    expect(rows.map((x) => x.status).sort()).toEqual(["answered", "new"]);
    // A price posted as the form sends it, and the new one, is accepted.
    expect((await acceptQuote(r.me, { requestId: r.requestId, recipientId: r.ra, priceKobo: "9000000" })).businessId).toBe(r.a.business.id);

    const w = await requestToTwo();
    await answerQuote(w.a.ownerActor, { recipientId: w.ra, price: "20000", message: "Can start Monday" });
    await declineQuote(w.a.ownerActor, w.ra);
    expect((await refusal(acceptQuote(w.me, { requestId: w.requestId, recipientId: w.ra, priceKobo: 2_000_000 }))).message).toBe(QUOTE_TEXTS.quoteChanged);
    expect((await refusal(acceptQuote(w.me, { requestId: w.requestId, recipientId: w.ra, priceKobo: "" }))).code).toBe("conflict");
  });

  it("a blocked conversation takes no quote", async () => {
    const r = await requestToTwo();
    await db().insert(conversationBlocks).values({ businessId: r.a.business.id, visitorId: r.me.id, blockedBy: "visitor", blockerId: r.me.id });
    expect((await refusal(answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "100", message: "Hello" }))).code).toBe("forbidden");
  });

  it("accepting a quote in a conversation the owner blocked since writes no message and no notice into it", async () => {
    const r = await requestToTwo();
    await answerQuote(r.a.ownerActor, { recipientId: r.ra, price: "20000", message: "Can start Monday" });
    await db().insert(conversationBlocks).values({ businessId: r.a.business.id, visitorId: r.me.id, blockedBy: "business", blockerId: r.a.owner.id });
    const before = await db().select().from(businessMessages).where(and(eq(businessMessages.businessId, r.a.business.id), eq(businessMessages.visitorId, r.me.id)));
    await acceptQuote(r.me, { requestId: r.requestId, recipientId: r.ra, priceKobo: 2_000_000 });
    const after = await db().select().from(businessMessages).where(and(eq(businessMessages.businessId, r.a.business.id), eq(businessMessages.visitorId, r.me.id)));
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());
    const [row] = await db().select().from(quoteRecipients).where(eq(quoteRecipients.id, r.ra));
    expect(row!.status).toBe("accepted");
  });
});

describe("prices", () => {
  it("reads naira as typed into kobo", () => {
    expect(nairaToKobo("15000")).toBe(1_500_000);
    expect(nairaToKobo("₦15,000.5")).toBe(1_500_050);
    expect(nairaToKobo("0")).toBeNull();
    expect(nairaToKobo("-5")).toBeNull();
    expect(nairaToKobo("1e5")).toBeNull();
  });
});

describe("the requester's data (NDPA)", () => {
  it("the export lists their requests with the answers; deleting the account removes them", async () => {
    const me = await visitor();
    const a = await listing({ category: "Courier service", state: "Taraba" });
    const { requestId } = await createQuoteRequest(me, { description: TEXT, category: "Courier service", state: "Taraba" });
    const [recipient] = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, requestId));
    await answerQuote(a.ownerActor, { recipientId: recipient!.id, price: "3000", message: "Same day" });
    const { quoteRequests: exported } = (await exportMyData(me)).data;
    expect(exported).toMatchObject([{ description: TEXT, category: "Courier service", status: "open", answers: [{ businessName: a.business.name, priceKobo: 300_000, answer: "Same day" }] }]);
    await deleteMyAccount(me, { password: DEFAULT_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
    expect(await db().select().from(quoteRequests).where(eq(quoteRequests.requesterId, me.id))).toHaveLength(0);
    expect(await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, requestId))).toHaveLength(0);
  });
});
