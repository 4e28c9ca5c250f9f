import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, savedBusinesses, user } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { joinDeviceSaves } from "./join-device-saves.server";
import { listSavedBusinesses } from "./list-saved-businesses.server";
import { saveBusiness } from "./save-business.server";
import { savedAmong } from "./saved-among.server";
import { SAVED_LIMITS, SAVED_TEXTS } from "../../lib/saved-businesses";
import { unsaveBusiness } from "./unsave-business.server";

async function visitor() {
  return actorFor(await createVisitor(getDb()));
}

let ownerId: string | undefined;
async function listing(input: Partial<Parameters<typeof createBusiness>[1]> = {}) {
  ownerId ??= (await createOwner(getDb())).id;
  return createBusiness(getDb(), { userId: ownerId, ...input });
}

async function savedIds(userId: string) {
  const rows = await getDb().select({ id: savedBusinesses.businessId }).from(savedBusinesses).where(eq(savedBusinesses.userId, userId));
  return rows.map((row) => row.id).sort();
}

/** Fills an account's saved list up to `n` rows directly (the limit's test), all public listings. */
async function fill(userId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await listing({ name: `Filler ${i}` })).id);
  await getDb().insert(savedBusinesses).values(ids.map((businessId, i) => ({ userId, businessId, createdAt: new Date(Date.now() - (n - i) * 1000) })));
  return ids;
}

describe("saving a business to an account", () => {
  it("saves a public listing once; saving it again changes nothing", async () => {
    const actor = await visitor();
    const a = await listing();
    await saveBusiness(actor, { businessId: a.id });
    await saveBusiness(actor, { businessId: a.id });
    expect(await savedIds(actor.id)).toEqual([a.id]);
  });

  it("refuses anonymous visitors with the sign-in text (their saves stay on the device)", async () => {
    const a = await listing();
    const error = await refusal(saveBusiness(null, { businessId: a.id }));
    expect({ code: error.code, text: error.message }).toEqual({ code: "unauthenticated", text: SAVED_TEXTS.signInRequired.text });
    expect((await refusal(unsaveBusiness(null, { businessId: a.id }))).code).toBe("unauthenticated");
    expect((await refusal(listSavedBusinesses(null, {}))).code).toBe("unauthenticated");
    expect((await refusal(joinDeviceSaves(null, { businessIds: [a.id] }))).code).toBe("unauthenticated");
  });

  it("refuses listings that are not public, unknown ids and non-ids as not found", async () => {
    const actor = await visitor();
    const pending = await listing({ status: "pending" });
    const rejected = await listing({ status: "rejected" });
    const suspended = await listing({ ownerSuspended: true });
    for (const businessId of [pending.id, rejected.id, suspended.id, randomUUID(), "not-an-id", "", undefined, 42]) {
      const error = await refusal(saveBusiness(actor, { businessId }));
      expect({ code: error.code, text: error.message }).toEqual({ code: "not-found", text: SAVED_TEXTS.notFound.text });
    }
    expect(await savedIds(actor.id)).toEqual([]);
  });

  it(`keeps at most ${SAVED_LIMITS.max} per account, with a clear message; one already saved is still fine`, async () => {
    const actor = await visitor();
    const filled = await fill(actor.id, SAVED_LIMITS.max);
    const extra = await listing();
    const error = await refusal(saveBusiness(actor, { businessId: extra.id }));
    expect({ code: error.code, title: error.title, text: error.message }).toEqual({ code: "conflict", ...SAVED_TEXTS.full });
    await saveBusiness(actor, { businessId: filled[0]! });
    expect((await savedIds(actor.id)).length).toBe(SAVED_LIMITS.max);
    // Room again after removing one.
    await unsaveBusiness(actor, { businessId: filled[1]! });
    await saveBusiness(actor, { businessId: extra.id });
    expect(await savedIds(actor.id)).toContain(extra.id);
  });

  it("two saves at once at the limit's edge do not both pass", async () => {
    const actor = await visitor();
    await fill(actor.id, SAVED_LIMITS.max - 1);
    const [a, b] = [await listing(), await listing()];
    const results = await Promise.allSettled([saveBusiness(actor, { businessId: a.id }), saveBusiness(actor, { businessId: b.id })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await savedIds(actor.id)).length).toBe(SAVED_LIMITS.max);
  });

  it("removes only the actor's own row, and removing twice is harmless", async () => {
    const [me, other] = [await visitor(), await visitor()];
    const a = await listing();
    await saveBusiness(me, { businessId: a.id });
    await saveBusiness(other, { businessId: a.id });
    expect(await unsaveBusiness(me, { businessId: a.id })).toEqual({ removed: true });
    expect(await unsaveBusiness(me, { businessId: a.id })).toEqual({ removed: false });
    expect(await savedIds(me.id)).toEqual([]);
    expect(await savedIds(other.id)).toEqual([a.id]);
  });
});

describe("the saved list", () => {
  it("lists only the actor's saves, newest first, paged, with cards; an unpublished listing says so instead of disappearing", async () => {
    const [me, other] = [await visitor(), await visitor()];
    const older = await listing({ name: "Older Buka", category: "Eatery", state: "Lagos" });
    const newer = await listing({ name: "Newer Salon" });
    const gone = await listing({ name: "Gone Pharmacy" });
    await getDb().insert(savedBusinesses).values([
      { userId: me.id, businessId: older.id, createdAt: new Date(Date.now() - 3000) },
      { userId: me.id, businessId: gone.id, createdAt: new Date(Date.now() - 2000) },
      { userId: me.id, businessId: newer.id, createdAt: new Date(Date.now() - 1000) },
      { userId: other.id, businessId: (await listing({ name: "Not mine" })).id },
    ]);
    await getDb().update(businesses).set({ approved: false, approvalStatus: "rejected", rejectionReason: "Closed" }).where(eq(businesses.id, gone.id));
    const list = await listSavedBusinesses(me, { page: 1 });
    expect(list.total).toBe(3);
    expect(list.hasNext).toBe(false);
    expect(list.rows.map((row) => [row.name, row.card ? "card" : "unpublished"])).toEqual([
      ["Newer Salon", "card"],
      ["Gone Pharmacy", "unpublished"],
      ["Older Buka", "card"],
    ]);
    expect(list.rows[2]!.card).toMatchObject({ id: older.id, name: "Older Buka", category: "Eatery", state: "Lagos" });
  });

  it(`pages by ${SAVED_LIMITS.pageSize}; a page out of range reads as the first`, async () => {
    const me = await visitor();
    await fill(me.id, SAVED_LIMITS.pageSize + 3);
    const first = await listSavedBusinesses(me, { page: 1 });
    const second = await listSavedBusinesses(me, { page: "2" });
    expect([first.rows.length, first.hasNext, second.rows.length, second.hasNext]).toEqual([SAVED_LIMITS.pageSize, true, 3, false]);
    expect(first.rows.map((r) => r.businessId)).not.toContain(second.rows[0]!.businessId);
    for (const page of ["0", "-1", "abc", "9999"]) expect((await listSavedBusinesses(me, { page })).page).toBe(1);
  });

  it("the list reads through the user and time index", async () => {
    const me = await visitor();
    await fill(me.id, 3);
    await getDb().execute(sql`analyze saved_businesses`);
    await getDb().execute(sql`set enable_seqscan = off`);
    try {
      const plan = await getDb().execute(sql`explain select business_id from saved_businesses where user_id = ${me.id} order by created_at desc, business_id limit 21`);
      expect(JSON.stringify(plan)).toContain("saved_businesses_user_created_idx");
    } finally {
      await getDb().execute(sql`reset enable_seqscan`);
    }
  });

  it("cascades: a deleted listing or user takes its saved rows", async () => {
    const me = await visitor();
    const a = await listing();
    const b = await listing();
    await saveBusiness(me, { businessId: a.id });
    await saveBusiness(me, { businessId: b.id });
    await getDb().delete(businesses).where(eq(businesses.id, a.id));
    expect(await savedIds(me.id)).toEqual([b.id]);
    const throwaway = await createVisitor(getDb());
    await getDb().insert(savedBusinesses).values({ userId: throwaway.id, businessId: b.id });
    await getDb().delete(user).where(eq(user.id, throwaway.id));
    expect(await getDb().select().from(savedBusinesses).where(and(eq(savedBusinesses.userId, throwaway.id)))).toEqual([]);
  });
});

describe("device saves joining the account on sign-in", () => {
  it("joins public ids in order, ignores unknown, non-public, duplicate and malformed ones, and those already saved", async () => {
    const me = await visitor();
    const [a, b, already] = [await listing(), await listing(), await listing()];
    const pending = await listing({ status: "pending" });
    await saveBusiness(me, { businessId: already.id });
    const result = await joinDeviceSaves(me, { businessIds: [a.id, randomUUID(), pending.id, "x'); drop table user; --", a.id.toUpperCase(), already.id, b.id, 7, null] });
    expect(result).toEqual({ joined: 2, leftOut: 0 });
    expect(await savedIds(me.id)).toEqual([a.id, b.id, already.id].sort());
    expect(await joinDeviceSaves(me, { businessIds: "not a list" })).toEqual({ joined: 0, leftOut: 0 });
    expect(await joinDeviceSaves(me, { businessIds: b.id })).toEqual({ joined: 0, leftOut: 0 });
  });

  it("never takes the account past its limit, and reads at most the limit's number of ids", async () => {
    const me = await visitor();
    await fill(me.id, SAVED_LIMITS.max - 2);
    const [a, b, c] = [await listing(), await listing(), await listing()];
    expect(await joinDeviceSaves(me, { businessIds: [a.id, b.id, c.id] })).toEqual({ joined: 2, leftOut: 1 });
    expect(await savedIds(me.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await savedIds(me.id)).not.toContain(c.id);
    // Full: nothing joins, and the left-out count tells the device to keep its list.
    expect(await joinDeviceSaves(me, { businessIds: [c.id] })).toEqual({ joined: 0, leftOut: 1 });
    const fresh = await visitor();
    const many = [...Array.from({ length: SAVED_LIMITS.max }, () => randomUUID()), c.id];
    expect(await joinDeviceSaves(fresh, { businessIds: many })).toEqual({ joined: 0, leftOut: 0 });
  });
});

describe("which of a page's businesses the viewer saved", () => {
  it("names only the viewer's own saves among those asked about; anonymous visitors and bad ids read nothing", async () => {
    const [me, other] = [await visitor(), await visitor()];
    const [a, b, c] = [await listing(), await listing(), await listing()];
    await saveBusiness(me, { businessId: a.id });
    await saveBusiness(me, { businessId: c.id });
    await saveBusiness(other, { businessId: b.id });
    expect((await savedAmong(me, [a.id, b.id, c.id])).sort()).toEqual([a.id, c.id].sort());
    // Another person's save of b is not mine; a business not asked about is not answered.
    expect(await savedAmong(me, [b.id])).toEqual([]);
    expect(await savedAmong(other, [a.id, b.id, "not-an-id", randomUUID()])).toEqual([b.id]);
    expect(await savedAmong(null, [a.id, c.id])).toEqual([]);
    expect(await savedAmong(me, [])).toEqual([]);
    // Removed: no longer named.
    await unsaveBusiness(me, { businessId: a.id });
    expect(await savedAmong(me, [a.id, c.id])).toEqual([c.id]);
  });
});
