/**
 * Visitors' suggestions (issue 34): a missing business (with the near-duplicate question first), a change to a public
 * listing ('Something is wrong', 'It has closed', 'It has moved'), their limits, and the admin's decision on each kind:
 * a missing business becomes a public unclaimed listing that search finds; a change to an unclaimed listing is applied;
 * a change to an owned listing only tells its owner; the suggester is told the outcome either way. Notices are jobs
 * (ADR 34): read from the queue, and sent as a worker would where the e-mail itself is checked.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, listingSuggestions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { countOf, passTime } from "../../../tests/support/rate-limits";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import { lgaCentre } from "../../lib/nigeria-lga-centres";
import { LISTING_TEXTS } from "../listings/listing.schemas";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { searchBusinesses } from "../directory/search-businesses.server";
import { NOTICE_QUEUE } from "../notifications/person-notices.server";
import { CLOSED_REASON, decideSuggestion } from "./decide-suggestion.server";
import { getSuggestionTarget } from "./get-suggestion-target.server";
import { listMySuggestions } from "./list-my-suggestions.server";
import { listPendingSuggestions } from "./list-pending-suggestions.server";
import { suggestListingChange } from "./suggest-listing-change.server";
import { suggestionLimitKey, suggestMissingBusiness } from "./suggest-missing-business.server";
import { SUGGESTION_LIMITS, SUGGESTION_TEXTS } from "./suggestion.schemas";
import { OPENING_HOURS_TEXTS, type WeeklyHours } from "../../lib/opening-hours";

const db = () => getDb();
/** A word no other test (or listing) has: names built from it are never 'similar' to another's. */
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const name = () => `${word()} ${word()}`;
let phones = 0;
const freshPhone = () => `0907${String(Date.now() % 1_000_000).padStart(6, "0")}${++phones % 10}`;

const visitor = async () => actorFor(await createVisitor(db()));
const admin = async () => actorFor(await createAdmin(db()));

/** An imported listing nobody owns (issue 34), public. */
async function unclaimedListing(values: Partial<typeof businesses.$inferInsert> = {}) {
  const [row] = await db()
    .insert(businesses)
    .values({
      name: name(),
      category: "Pharmacy store",
      state: "Lagos",
      lga: "Ikeja",
      address: "12 Allen Avenue",
      landmark: "Opposite the bank",
      phoneNumber: "+2348031110000",
      latitude: 6.6018,
      longitude: 3.3515,
      approved: true,
      approvalStatus: "approved",
      source: "osm",
      sourceId: `node/${randomUUID()}`,
      ...values,
    })
    .returning();
  return row!;
}

async function ownedListing() {
  const owner = await createOwner(db());
  const listing = await createBusiness(db(), { userId: owner.id, name: name(), lga: "Ikeja" });
  return { owner, listing };
}

const missing = (extra: Partial<Parameters<typeof suggestMissingBusiness>[1]> = {}) => ({
  name: name(),
  category: "Bakery",
  state: "Oyo",
  lga: "Ibadan North",
  address: "5 Ring Road",
  phone: "",
  note: "I buy bread there every week.",
  ...extra,
});

const suggestionsOf = (userId: string) => db().select().from(listingSuggestions).where(eq(listingSuggestions.userId, userId));
const suggestion = async (id: string) => (await db().select().from(listingSuggestions).where(eq(listingSuggestions.id, id)))[0]!;
const listing = async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!;
type Notice = { userId: string; line: string; detail: string; subject: string; path: string };
const noticesTo = async (userId: string) =>
  (await queryRows<{ data: Notice }>(db(), sql`select data from pgboss.job where name = ${NOTICE_QUEUE} and data->>'userId' = ${userId} order by created_on`)).map((r) => r.data);
const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId));
/** The notices' wait is over; the workers run what is due (as a server would a moment later). */
async function dueNow() {
  await db().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
  await runDueJobs(JOB_HANDLERS);
}
/** Every pending suggestion, page after page, as the tab pages them. */
async function allPending(actor: Awaited<ReturnType<typeof admin>>) {
  const pages = [await listPendingSuggestions(actor, { page: 1 })];
  while (pages.at(-1)!.hasNext) pages.push(await listPendingSuggestions(actor, { page: pages.length + 1 }));
  return pages;
}
const search = (q: string) => searchBusinesses(parseBusinessFilters(new URLSearchParams({ q })));

describe("suggesting a missing business", () => {
  it("refuses a signed-out caller", async () => {
    const refused = await refusal(suggestMissingBusiness(null, missing()));
    expect(refused.code).toBe("unauthenticated");
    expect(refused.title).toBe(SUGGESTION_TEXTS.signInRequired.title);
  });

  it("names every wrong field with the listing form's words, and stores nothing", async () => {
    const me = await visitor();
    const cases: [Partial<Parameters<typeof suggestMissingBusiness>[1]>, string, string][] = [
      [{ name: "   " }, "name", LISTING_TEXTS.nameRequired],
      [{ name: "A" }, "name", LISTING_TEXTS.nameLength],
      [{ name: "x".repeat(101) }, "name", LISTING_TEXTS.nameLength],
      [{ category: "Spaceport" }, "category", LISTING_TEXTS.categoryRequired],
      [{ state: "Atlantis" }, "state", LISTING_TEXTS.stateRequired],
      [{ lga: "" }, "lga", SUGGESTION_TEXTS.lgaRequired],
      [{ lga: "Ikeja" }, "lga", LISTING_TEXTS.lgaNotInState("Oyo")],
      [{ phone: "call me" }, "phone", LISTING_TEXTS.phoneInvalid],
      [{ phone: "123" }, "phone", LISTING_TEXTS.phoneInvalid],
      [{ address: "y".repeat(301) }, "address", SUGGESTION_TEXTS.addressTooLong],
      [{ note: "z".repeat(501) }, "note", SUGGESTION_TEXTS.noteTooLong],
    ];
    for (const [change, field, message] of cases) {
      const refused = await refusal(suggestMissingBusiness(me, missing(change)));
      expect(refused.code, JSON.stringify(change)).toBe("invalid");
      expect(refused.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    // Every problem at once.
    const all = await refusal(suggestMissingBusiness(me, { name: "", category: "", state: "", lga: "" }));
    expect(Object.keys(all.fields ?? {}).sort()).toEqual(["category", "lga", "name", "state"]);
    expect(await suggestionsOf(me.id)).toEqual([]);
  });

  it("stores the payload as the listing form reads it: one-line names, +234 phones, the LGA as the list spells it", async () => {
    const me = await visitor();
    const typed = missing({ name: "  Iya\u202E Basira\u0000  Bakery ", phone: "0803 555 1234", lga: "ibadan   north", address: "5\nRing\tRoad", note: "  Near the <b>market</b>\r\nsecond line  " });
    const sent = await suggestMissingBusiness(me, typed);
    expect(sent.status).toBe("sent");
    const [row] = await suggestionsOf(me.id);
    expect(row).toMatchObject({ kind: "missing", status: "pending", businessId: null, note: "Near the <b>market</b>\nsecond line" });
    expect(row!.payload).toEqual({ name: "Iya Basira Bakery", category: "Bakery", state: "Oyo", lga: "Ibadan North", address: "5 Ring Road", phone: "+2348035551234" });
  });

  it("asks 'Is it one of these?' when a public listing has the same phone or a very similar name in the LGA; sent once the visitor says it is different", async () => {
    const me = await visitor();
    const twin = await createBusiness(db(), { userId: (await createOwner(db())).id, name: `Mama ${word()} Kitchen`, state: "Oyo", lga: "Ibadan North", phoneNumber: null });
    const byName = await suggestMissingBusiness(me, missing({ name: twin.name }));
    expect(byName).toEqual({ status: "similar", similar: [expect.objectContaining({ id: twin.id, name: twin.name, reason: "name", unclaimed: false })] });
    const phone = freshPhone();
    const imported = await unclaimedListing({ phoneNumber: `+234${phone.slice(1)}`, state: "Kano", lga: "Fagge" });
    const byPhone = await suggestMissingBusiness(me, missing({ phone }));
    expect(byPhone).toEqual({ status: "similar", similar: [expect.objectContaining({ id: imported.id, reason: "phone", unclaimed: true })] });
    // Nothing stored, nothing counted against the day's suggestions.
    expect(await suggestionsOf(me.id)).toEqual([]);
    expect(await countOf(suggestionLimitKey(me.id))).toBe(0);

    const confirmed = await suggestMissingBusiness(me, missing({ name: twin.name, notDuplicate: true }));
    expect(confirmed.status).toBe("sent");
    expect(await suggestionsOf(me.id)).toHaveLength(1);
  });

  it(`takes at most ${SUGGESTION_LIMITS.perDay} suggestions a day from one account, changes to listings included`, async () => {
    const me = await visitor();
    const { listing: theirs } = await ownedListing();
    await suggestListingChange(me, { businessId: theirs.id, kind: "closed" });
    for (let i = 1; i < SUGGESTION_LIMITS.perDay; i++) expect((await suggestMissingBusiness(me, missing())).status).toBe("sent");
    const limited = await refusal(suggestMissingBusiness(me, missing()));
    expect(limited.code).toBe("rate-limited");
    expect(limited.message).toBe(SUGGESTION_TEXTS.rateLimited);
    const other = await unclaimedListing();
    expect((await refusal(suggestListingChange(me, { businessId: other.id, kind: "closed" }))).code).toBe("rate-limited");
    expect(await suggestionsOf(me.id)).toHaveLength(SUGGESTION_LIMITS.perDay);
    // Someone else is not limited by it; the next day the visitor may again.
    expect((await suggestMissingBusiness(await visitor(), missing())).status).toBe("sent");
    await passTime(SUGGESTION_LIMITS.windowSeconds, suggestionLimitKey(me.id));
    expect((await suggestMissingBusiness(me, missing())).status).toBe("sent");
  });
});

describe("suggesting a change to a listing", () => {
  it("shows the listing as it is; refuses a signed-out caller, a listing that is not public, and the owner on their own listing", async () => {
    const { owner, listing: owned } = await ownedListing();
    const me = await visitor();
    const target = await getSuggestionTarget(me, owned.id);
    expect(target).toMatchObject({ id: owned.id, unclaimed: false, pending: false, current: { name: owned.name, phone: owned.phoneNumber, lga: "Ikeja" } });
    expect((await refusal(getSuggestionTarget(null, owned.id))).code).toBe("unauthenticated");
    expect((await refusal(suggestListingChange(null, { businessId: owned.id, kind: "closed" }))).code).toBe("unauthenticated");

    const own = await refusal(suggestListingChange(await actorFor(owner), { businessId: owned.id, kind: "edit", fields: ["name"], name: "A better name" }));
    expect(own.code).toBe("forbidden");
    expect(own.title).toBe(SUGGESTION_TEXTS.ownListing.title);
    expect(own.link).toEqual({ href: `/business/edit/${owned.id}`, label: "Edit your listing" });
    expect((await refusal(getSuggestionTarget(await actorFor(owner), owned.id))).code).toBe("forbidden");

    const pending = await createBusiness(db(), { userId: owner.id, status: "pending" });
    for (const id of [pending.id, randomUUID(), "not-an-id"]) {
      const refused = await refusal(suggestListingChange(me, { businessId: id, kind: "closed" }));
      expect(refused.code, id).toBe("not-found");
      expect(refused.message).toBe(SUGGESTION_TEXTS.notFound.text);
    }
    expect(await suggestionsOf(owner.id)).toEqual([]);
    expect(await suggestionsOf(me.id)).toEqual([]);
  });

  it("names every wrong field: the choice, the fields, each value, a value the listing has already, hours, a move to the same place", async () => {
    const me = await visitor();
    const it_ = await unclaimedListing({ openingHours: null });
    const refuse = async (input: Omit<Parameters<typeof suggestListingChange>[1], "businessId">) => {
      const refused = await refusal(suggestListingChange(me, { businessId: it_.id, ...input }));
      expect(refused.code).toBe("invalid");
      return refused.fields ?? {};
    };
    expect((await refuse({ kind: "" })).kind).toBe(SUGGESTION_TEXTS.kindRequired);
    expect((await refuse({ kind: "demolish" })).kind).toBe(SUGGESTION_TEXTS.kindRequired);
    expect((await refuse({ kind: "edit", fields: [] })).fields).toBe(SUGGESTION_TEXTS.fieldsRequired);
    expect((await refuse({ kind: "edit", fields: ["colour"] })).fields).toBe(SUGGESTION_TEXTS.fieldsRequired);
    expect((await refuse({ kind: "edit", fields: ["name"], name: "" })).name).toBe(LISTING_TEXTS.nameRequired);
    expect((await refuse({ kind: "edit", fields: ["name"], name: it_.name })).name).toBe(SUGGESTION_TEXTS.unchanged);
    expect((await refuse({ kind: "edit", fields: ["phone"], phone: "" })).phone).toBe(LISTING_TEXTS.phoneRequired);
    expect((await refuse({ kind: "edit", fields: ["phone"], phone: "0803 111 0000" })).phone).toBe(SUGGESTION_TEXTS.unchanged);
    expect((await refuse({ kind: "edit", fields: ["phone"], phone: "<script>" })).phone).toBe(LISTING_TEXTS.phoneInvalid);
    expect((await refuse({ kind: "edit", fields: ["address"], address: "  " })).address).toBe(LISTING_TEXTS.addressRequired);
    expect((await refuse({ kind: "edit", fields: ["category"], category: "Moon base" })).category).toBe(LISTING_TEXTS.categoryRequired);
    expect((await refuse({ kind: "edit", fields: ["hours"], hours: { ok: false, fields: { "hours-mon": "Monday: enter an opening and a closing time" } } }))["hours-mon"]).toBe(
      "Monday: enter an opening and a closing time",
    );
    expect((await refuse({ kind: "edit", fields: ["hours"], hours: null })).hours).toBe(OPENING_HOURS_TEXTS.weekIncomplete);
    expect((await refuse({ kind: "moved", state: "Lagos", lga: "" })).lga).toBe(SUGGESTION_TEXTS.lgaRequired);
    expect((await refuse({ kind: "moved", state: "Lagos", lga: "Ibadan North" })).lga).toBe(LISTING_TEXTS.lgaNotInState("Lagos"));
    expect((await refuse({ kind: "moved", state: "Lagos", lga: "Ikeja", address: "" })).address).toBe(SUGGESTION_TEXTS.movedUnchanged);
    expect((await refuse({ kind: "closed", note: "n".repeat(501) })).note).toBe(SUGGESTION_TEXTS.noteTooLong);
    expect(await suggestionsOf(me.id)).toEqual([]);
  });

  it("keeps one suggestion per person and listing waiting; a second is refused and not counted; another person may", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    await suggestListingChange(me, { businessId: target.id, kind: "edit", fields: ["address"], address: "14 Allen Avenue" });
    expect((await getSuggestionTarget(me, target.id)).pending).toBe(true);
    const again = await refusal(suggestListingChange(me, { businessId: target.id, kind: "closed", note: "It closed last month" }));
    expect(again.code).toBe("conflict");
    expect(again.message).toBe(SUGGESTION_TEXTS.alreadyPending);
    expect(await countOf(suggestionLimitKey(me.id))).toBe(1);
    expect(await suggestionsOf(me.id)).toHaveLength(1);
    await suggestListingChange(await visitor(), { businessId: target.id, kind: "closed" });
    // Once decided, the person may suggest about it again.
    const [first] = await suggestionsOf(me.id);
    await decideSuggestion(await admin(), { decision: "reject", suggestionId: first!.id, reason: "The address is right." });
    await suggestListingChange(me, { businessId: target.id, kind: "closed" });
    expect(await suggestionsOf(me.id)).toHaveLength(2);
  });

  it("stores only the fields the person says are wrong", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    const hours: WeeklyHours = Array.from({ length: 7 }, (_, i) => (i === 6 ? { mode: "closed" as const } : { mode: "hours" as const, ranges: [{ opens: "08:00", closes: "20:00" }] }));
    const { suggestionId } = await suggestListingChange(me, {
      businessId: target.id,
      kind: "edit",
      fields: ["phone", "hours"],
      name: "Typed but not chosen",
      phone: "0809 222 3333",
      hours: { ok: true, hours },
      note: "The number on the signboard.",
    });
    expect((await suggestion(suggestionId)).payload).toEqual({ phone: "+2348092223333", hours });
  });
});

describe("the admin's decision", () => {
  it("approving a missing business makes a public, unclaimed listing at its LGA's centre that search finds; the suggester is thanked", async () => {
    const me = await visitor();
    const boss = await admin();
    const key = word();
    const sent = await suggestMissingBusiness(me, missing({ name: `Zobo ${key} Palace`, category: "Eatery", state: "Kano", lga: "Nassarawa", phone: freshPhone() }));
    if (sent.status !== "sent") throw new Error("expected the suggestion to be sent");
    const decided = await decideSuggestion(boss, { decision: "approve", suggestionId: sent.suggestionId });
    expect(decided).toMatchObject({ status: "approved", outcome: "added" });
    if (decided.status !== "approved") throw new Error("approved");
    const row = await listing(decided.businessId!);
    const [lat, lon] = lgaCentre("Kano", "Nassarawa")!;
    expect(row).toMatchObject({
      name: `Zobo ${key} Palace`, category: "Eatery", state: "Kano", lga: "Nassarawa", address: "5 Ring Road", userId: null, source: "suggestion",
      sourceId: sent.suggestionId, approved: true, approvalStatus: "approved", latitude: lat, longitude: lon,
    });
    expect((await getPublicBusiness(row.id)).unclaimed).toBe(true);
    expect((await search(key)).items.map((b) => b.id)).toContain(row.id);
    expect(await suggestion(sent.suggestionId)).toMatchObject({ status: "approved", outcome: "added", createdBusinessId: row.id, decidedBy: boss.id });
    expect((await auditOf(sent.suggestionId)).map((a) => a.action)).toEqual(["suggestion.approve"]);
    expect((await auditOf(row.id)).map((a) => a.action)).toEqual(["business.add-suggested"]);
    const [notice] = await noticesTo(me.id);
    expect(notice).toMatchObject({ line: `Thanks! We added Zobo ${key} Palace to Naija Directory.`, path: `/businesses/${row.id}` });
    expect(notice!.detail).toContain(`Thanks — we added Zobo ${key} Palace`);
    await dueNow();
    const mail = (await listOutbox(500)).find((m) => m.to === me.email);
    expect(mail?.subject).toBe(`We added Zobo ${key} Palace`);
    expect((await listMySuggestions(me))[0]).toMatchObject({ status: "approved", outcome: "added", href: `/businesses/${row.id}` });
  });

  it("approving an edit of an unclaimed listing applies only the suggested fields, checked again, and announces it", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    const hours: WeeklyHours = Array.from({ length: 7 }, () => ({ mode: "24h" as const }));
    const { suggestionId } = await suggestListingChange(me, {
      businessId: target.id, kind: "edit", fields: ["name", "phone", "hours", "category"], name: "Allen Avenue Pharmacy", phone: "0809 444 5555", category: "Clinic", hours: { ok: true, hours },
    });
    const decided = await decideSuggestion(await admin(), { decision: "approve", suggestionId });
    expect(decided).toMatchObject({ status: "approved", outcome: "applied", businessId: target.id });
    const after = await listing(target.id);
    expect(after).toMatchObject({ name: "Allen Avenue Pharmacy", phoneNumber: "+2348094445555", category: "Clinic", openingHours: hours, address: target.address, lga: "Ikeja", latitude: target.latitude, userId: null, approved: true });
    // 'Open now' reads the minutes written with the hours.
    expect((await queryRows<{ all: boolean }>(db(), sql`select open_minutes = '{[0,10080)}'::int4multirange as all from businesses where id = ${target.id}`))[0]!.all).toBe(true);
    const audit = (await auditOf(target.id)).find((a) => a.action === "business.suggested-edit");
    expect(audit?.before).toMatchObject({ name: target.name, phoneNumber: target.phoneNumber, category: "Pharmacy store" });
    expect(audit?.after).toMatchObject({ name: "Allen Avenue Pharmacy", phoneNumber: "+2348094445555", category: "Clinic" });
    expect((await noticesTo(me.id))[0]).toMatchObject({ line: `Thanks! We corrected ${target.name} as you suggested.`, path: `/businesses/${target.id}` });
    expect((await getPublicBusiness(target.id)).name).toBe("Allen Avenue Pharmacy");
  });

  it("approving an edit of an owned listing changes nothing: the owner is told what was suggested, with the way to edit it", async () => {
    const me = await visitor();
    const { owner, listing: owned } = await ownedListing();
    const { suggestionId } = await suggestListingChange(me, { businessId: owned.id, kind: "edit", fields: ["phone", "address"], phone: "0809 777 8888", address: "3 Awolowo Road" });
    const decided = await decideSuggestion(await admin(), { decision: "approve", suggestionId });
    expect(decided).toMatchObject({ status: "approved", outcome: "sent-to-owner" });
    const after = await listing(owned.id);
    expect(after).toMatchObject({ phoneNumber: owned.phoneNumber, address: owned.address, updatedAt: owned.updatedAt });
    const [toOwner] = await noticesTo(owner.id);
    expect(toOwner).toMatchObject({ path: `/business/edit/${owned.id}`, subject: `A suggested change to ${owned.name}` });
    expect(toOwner!.line).toBe(`A visitor suggested a change to ${owned.name}: phone number, address. Check your listing.`);
    expect(toOwner!.detail).toContain("Phone number: 0809 777 8888; Address: 3 Awolowo Road");
    expect((await noticesTo(me.id))[0]!.line).toBe(`Thanks! We passed your suggestion about ${owned.name} on to its owner.`);
    expect((await auditOf(owned.id)).map((a) => a.action)).toEqual([]);
  });

  it("approving 'closed' hides an unclaimed listing (kept, marked gone, out of search); on an owned listing the owner is asked", async () => {
    const me = await visitor();
    const key = word();
    const target = await unclaimedListing({ name: `Chemist ${key}` });
    expect((await getPublicBusiness(target.id)).unclaimed).toBe(true);
    const { suggestionId } = await suggestListingChange(me, { businessId: target.id, kind: "closed", note: "Shutters down, a sign says closed for good." });
    expect(await decideSuggestion(await admin(), { decision: "approve", suggestionId })).toMatchObject({ outcome: "hidden" });
    const after = await listing(target.id);
    expect(after).toMatchObject({ approved: false, approvalStatus: "rejected", rejectionReason: CLOSED_REASON, source: "osm" });
    expect(after.sourceGoneAt).toBeInstanceOf(Date);
    expect((await refusal(getPublicBusiness(target.id))).code).toBe("not-found");
    expect((await search(key)).items.map((b) => b.id)).not.toContain(target.id);
    expect((await noticesTo(me.id))[0]!.line).toBe(`Thanks! We took Chemist ${key} off Naija Directory.`);

    const { owner, listing: owned } = await ownedListing();
    const second = await suggestListingChange(me, { businessId: owned.id, kind: "closed" });
    expect(await decideSuggestion(await admin(), { decision: "approve", suggestionId: second.suggestionId })).toMatchObject({ outcome: "sent-to-owner" });
    expect((await listing(owned.id)).approved).toBe(true);
    expect((await noticesTo(owner.id))[0]).toMatchObject({ subject: `Has ${owned.name} closed?`, path: `/business/edit/${owned.id}` });
  });

  it("approving 'moved' on an unclaimed listing gives it the new state, LGA and address, at the new LGA's centre", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    const { suggestionId } = await suggestListingChange(me, { businessId: target.id, kind: "moved", state: "FCT", lga: "abuja municipal", address: "Plot 9, Wuse 2" });
    expect((await suggestion(suggestionId)).payload).toEqual({ state: "FCT", lga: "Abuja Municipal", address: "Plot 9, Wuse 2" });
    await decideSuggestion(await admin(), { decision: "approve", suggestionId });
    const [lat, lon] = lgaCentre("FCT", "Abuja Municipal")!;
    expect(await listing(target.id)).toMatchObject({ state: "FCT", lga: "Abuja Municipal", address: "Plot 9, Wuse 2", landmark: null, latitude: lat, longitude: lon, approved: true });
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(["business.suggested-moved"]);
  });

  it("rejecting needs a reason, which the suggester is told; a decided suggestion is not decided again", async () => {
    const me = await visitor();
    const boss = await admin();
    const sent = await suggestMissingBusiness(me, missing({ name: `Wrong ${word()}` }));
    if (sent.status !== "sent") throw new Error("sent");
    for (const reason of [undefined, "", "   "]) {
      const refused = await refusal(decideSuggestion(boss, { decision: "reject", suggestionId: sent.suggestionId, reason }));
      expect(refused.code).toBe("invalid");
      expect(refused.fields?.reason).toBe(SUGGESTION_TEXTS.rejectReasonRequired);
    }
    expect((await suggestion(sent.suggestionId)).status).toBe("pending");
    expect(await decideSuggestion(boss, { decision: "reject", suggestionId: sent.suggestionId, reason: "We could not find it at that address." })).toEqual({ status: "rejected" });
    expect(await suggestion(sent.suggestionId)).toMatchObject({ status: "rejected", reason: "We could not find it at that address.", decidedBy: boss.id, outcome: null });
    const [notice] = await noticesTo(me.id);
    expect(notice!.line).toBe(`We could not use your suggestion about ${(await suggestion(sent.suggestionId)).payload.name}: We could not find it at that address.`);
    expect((await auditOf(sent.suggestionId)).map((a) => a.action)).toEqual(["suggestion.reject"]);
    expect((await listMySuggestions(me))[0]).toMatchObject({ status: "rejected", reason: "We could not find it at that address." });
    const again = await refusal(decideSuggestion(boss, { decision: "approve", suggestionId: sent.suggestionId }));
    expect(again.code).toBe("conflict");
    expect(again.message).toBe(SUGGESTION_TEXTS.alreadyDecided);
    expect(await noticesTo(me.id)).toHaveLength(1);
  });

  it("a change to a listing that left the directory cannot be approved, only rejected", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    const { suggestionId } = await suggestListingChange(me, { businessId: target.id, kind: "closed" });
    await db().update(businesses).set({ approved: false, approvalStatus: "rejected", rejectedAt: new Date(), rejectionReason: "Taken down" }).where(eq(businesses.id, target.id));
    const refused = await refusal(decideSuggestion(await admin(), { decision: "approve", suggestionId }));
    expect(refused.code).toBe("conflict");
    expect(refused.message).toBe(SUGGESTION_TEXTS.listingGone);
    expect((await suggestion(suggestionId)).status).toBe("pending");
    await decideSuggestion(await admin(), { decision: "reject", suggestionId, reason: "Already taken down." });
    expect((await suggestion(suggestionId)).status).toBe("rejected");
  });

  it("refuses visitors, owners and an admin without two-factor sign-in in every admin use case, and changes nothing", async () => {
    const me = await visitor();
    const sent = await suggestMissingBusiness(me, missing());
    if (sent.status !== "sent") throw new Error("sent");
    const noTwoFactor = await actorFor(await createAdmin(db(), { twoFactor: false }));
    const owner = await actorFor(await createOwner(db()));
    for (const actor of [me, owner, noTwoFactor, null]) {
      const expected = actor === null ? "unauthenticated" : "forbidden";
      expect((await refusal(listPendingSuggestions(actor, { page: 1 }))).code).toBe(expected);
      expect((await refusal(decideSuggestion(actor, { decision: "approve", suggestionId: sent.suggestionId }))).code).toBe(expected);
      expect((await refusal(decideSuggestion(actor, { decision: "reject", suggestionId: sent.suggestionId, reason: "No" }))).code).toBe(expected);
    }
    expect((await refusal(listPendingSuggestions(noTwoFactor, { page: 1 }))).reason).toBe("two-factor-required");
    expect((await suggestion(sent.suggestionId)).status).toBe("pending");
    expect(await noticesTo(me.id)).toEqual([]);
  });
});

describe("at the same moment (PostgreSQL: several connections)", () => {
  it("two admins approving one suggestion: one adds the listing, the other is told it was decided", async () => {
    const me = await visitor();
    const sent = await suggestMissingBusiness(me, missing());
    if (sent.status !== "sent") throw new Error("sent");
    const admins = [await admin(), await admin()];
    const outcomes = await Promise.allSettled(admins.map((a) => decideSuggestion(a, { decision: "approve", suggestionId: sent.suggestionId })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [failed] = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(failed!.reason).toMatchObject({ code: "conflict", message: SUGGESTION_TEXTS.alreadyDecided });
    expect(await db().select({ id: businesses.id }).from(businesses).where(and(eq(businesses.source, "suggestion"), eq(businesses.sourceId, sent.suggestionId)))).toHaveLength(1);
    expect(await noticesTo(me.id)).toHaveLength(1);
  });

  it("the same change sent from two tabs at once is stored once", async () => {
    const me = await visitor();
    const target = await unclaimedListing();
    const outcomes = await Promise.allSettled([1, 2].map(() => suggestListingChange(me, { businessId: target.id, kind: "closed" })));
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await suggestionsOf(me.id)).toHaveLength(1);
    expect(await countOf(suggestionLimitKey(me.id))).toBe(1);
  });
});

describe("the admin's Suggestions tab", () => {
  it("lists pending suggestions oldest first, a page at a time, with the suggester, the listing as it is, and a missing business's possible duplicates", async () => {
    const boss = await admin();
    const senders = [await createVisitor(db(), { firstName: "Ngozi", lastName: "Eze" }), await createVisitor(db()), await createVisitor(db())];
    const twin = await createBusiness(db(), { userId: (await createOwner(db())).id, name: `Buka ${word()}`, state: "Oyo", lga: "Ibadan North", phoneNumber: null });
    const first = await suggestMissingBusiness(await actorFor(senders[0]!), missing({ name: twin.name, notDuplicate: true }));
    if (first.status !== "sent") throw new Error("sent");
    const target = await unclaimedListing();
    const change = await suggestListingChange(await actorFor(senders[0]!), { businessId: target.id, kind: "edit", fields: ["name"], name: "Corrected Name Pharmacy" });
    const ids = [first.suggestionId, change.suggestionId];
    for (let i = 0; i < 20; i++) {
      const sent = await suggestMissingBusiness(await actorFor(senders[1 + (i % 2)]!), missing());
      if (sent.status === "sent") ids.push(sent.suggestionId);
    }
    const pages = await allPending(boss);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.rows).toHaveLength(20);
    const listed = pages.flatMap((p) => p.rows);
    expect(new Set(listed.map((r) => r.id)).size).toBe(listed.length);
    const times = listed.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const positions = ids.map((id) => listed.findIndex((r) => r.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const shownFirst = listed.find((r) => r.id === first.suggestionId)!;
    expect(shownFirst).toMatchObject({ kind: "missing", listing: null, suggester: { name: "Ngozi Eze", approved: 0, rejected: 0 }, note: "I buy bread there every week." });
    expect(shownFirst.similar.map((s) => s.id)).toEqual([twin.id]);
    const shownChange = listed.find((r) => r.id === change.suggestionId)!;
    expect(shownChange).toMatchObject({ kind: "edit", payload: { name: "Corrected Name Pharmacy" }, listing: { id: target.id, unclaimed: true, current: { name: target.name, lga: "Ikeja" } } });

    await decideSuggestion(boss, { decision: "reject", suggestionId: change.suggestionId, reason: "The sign says otherwise." });
    const after = (await allPending(boss)).flatMap((p) => p.rows);
    expect(after.find((r) => r.id === first.suggestionId)!.suggester).toMatchObject({ approved: 0, rejected: 1 });
    expect(after.map((r) => r.id)).not.toContain(change.suggestionId);
  });
});

describe("a listing deleted under a pending change", () => {
  it("keeps the suggestion (its listing set to none) for the admin to reject", async () => {
    const me = await visitor();
    const { owner, listing: owned } = await ownedListing();
    const { suggestionId } = await suggestListingChange(me, { businessId: owned.id, kind: "closed" });
    await db().delete(businesses).where(and(eq(businesses.id, owned.id), eq(businesses.userId, owner.id)));
    expect(await suggestion(suggestionId)).toMatchObject({ businessId: null, status: "pending" });
    const row = (await allPending(await admin())).flatMap((p) => p.rows).find((r) => r.id === suggestionId);
    expect(row).toBeDefined();
    expect(row!.listing).toBeNull();
    expect((await listMySuggestions(me))[0]).toMatchObject({ name: "A listing that was removed", href: null });
    expect((await refusal(decideSuggestion(await admin(), { decision: "approve", suggestionId }))).message).toBe(SUGGESTION_TEXTS.listingGone);
  });
});
