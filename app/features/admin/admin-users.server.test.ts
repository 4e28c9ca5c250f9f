import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { admins, auditLog, profiles, session, user } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createUser, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { signInCookie as signInWithCode } from "../../../tests/support/two-factor";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { ACCOUNT_TEXTS } from "../accounts/account.schemas";
import { getSessionUser } from "../accounts/session.server";
import { signIn } from "../accounts/sign-in.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { DIRECTORY_TEXTS } from "../directory/types";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS } from "./admin.schemas";
import { ADMIN_PAGE_SIZE } from "../../lib/pagination";
import { runAdminAction } from "./admin-actions.server";
import { changeUserRole } from "./change-user-role.server";
import { listUserActivity } from "./list-user-activity.server";
import { listUsers } from "./list-users.server";
import { suspendUser } from "./suspend-user.server";
import { unsuspendUser } from "./unsuspend-user.server";

const BASE = "http://localhost:3000";
const loginRequest = () => new Request(`${BASE}/login`, { method: "POST", headers: { origin: BASE } });
let addressCounter = 0;
const nextAddress = () => `10.7.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** Admins have two-factor on: the shared helper completes the code step. */
const signInCookie = (email: string) => signInWithCode(email, DEFAULT_PASSWORD, { baseUrl: BASE, clientAddress: nextAddress() });

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

async function newAdmin() {
  const created = await createAdmin(getDb());
  return { created, actor: await actorFor(created) };
}

async function auditFor(targetId: string) {
  return getDb().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);
}

describe("Users tab list", () => {
  it("lists profiles newest first with e-mail, role and flags, one page at a time", async () => {
    const { actor } = await newAdmin();
    const base = Date.now() + 365 * 86_400_000; // newer than anything else in the database
    const made = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      made.push(await createUser(getDb(), { firstName: `Paging${i}`, createdAt: new Date(base + i * 1000) }));
    }
    const first = await listUsers(actor, { page: 1 });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(first.rows[0]).toMatchObject({ id: made.at(-1)!.id, email: made.at(-1)!.email, role: "visitor", isSuspended: false, hasTwoFactor: false });
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await listUsers(actor, { page: 2 });
    expect(second.rows[0]!.id).toBe(made[1]!.id);
    expect(second.rows[1]!.id).toBe(made[0]!.id);
    expect(first.rows.some((r) => second.rows.some((s) => s.id === r.id))).toBe(false);
  });

  it("searches by name or e-mail, case-insensitively, treating % and _ literally", async () => {
    const { actor } = await newAdmin();
    const chidi = await createUser(getDb(), { firstName: "Chidinma", lastName: "Eze-Search" });
    const byMail = await createUser(getDb(), { email: `zainab.search-${Date.now()}@example.com`, firstName: "Z" });
    expect((await listUsers(actor, { page: 1, search: "chidinma eze" })).rows.map((r) => r.id)).toEqual([chidi.id]);
    expect((await listUsers(actor, { page: 1, search: "EZE-SEARCH" })).rows.map((r) => r.id)).toEqual([chidi.id]);
    expect((await listUsers(actor, { page: 1, search: "zainab.search" })).rows.map((r) => r.id)).toEqual([byMail.id]);
    expect((await listUsers(actor, { page: 1, search: "%" })).rows).toEqual([]);
    expect((await listUsers(actor, { page: 1, search: "nobody-like-this-xyz" })).rows).toEqual([]);
  });

  it("finds an account made by phone by its number, typed in any form, and shows the number", async () => {
    const { actor } = await newAdmin();
    const byPhone = await createUser(getDb(), { firstName: "Phone", lastName: "Only" });
    const tail = String(Date.now() * 11).slice(-7);
    await getDb().update(profiles).set({ phone: `+234818${tail}`, phoneVerifiedAt: new Date() }).where(eq(profiles.id, byPhone.id));
    for (const typed of [`0818 ${tail.slice(0, 3)} ${tail.slice(3)}`, `+234818${tail}`, `818-${tail}`]) {
      const found = (await listUsers(actor, { page: 1, search: typed })).rows;
      expect(found.map((r) => r.id)).toEqual([byPhone.id]);
      expect(found[0]!.phone).toBe(`+234818${tail}`);
    }
  });

  it("shows who is suspended, who has two-factor sign-in and who is an admin by the admins table", async () => {
    const { actor } = await newAdmin();
    const listed = await createUser(getDb(), { firstName: "Listed" });
    await getDb().insert(admins).values({ email: listed.email });
    const banned = await createUser(getDb(), { banned: true, banReason: "Spam" });
    const twoFactor = await createUser(getDb());
    await getDb().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, twoFactor.id));
    const find = async (u: { id: string; email: string }) => (await listUsers(actor, { page: 1, search: u.email })).rows.find((r) => r.id === u.id);
    expect(await find(listed)).toMatchObject({ isListedAdmin: true, isSuspended: false });
    expect(await find(banned)).toMatchObject({ isSuspended: true, banReason: "Spam", isListedAdmin: false });
    expect(await find(twoFactor)).toMatchObject({ hasTwoFactor: true });
  });

  it("filters by role (legacy 'user' counts as visitor; admins include the admins table) and by suspension", async () => {
    const { actor } = await newAdmin();
    const tag = `Filter${Date.now()}`;
    const visitor = await createVisitor(getDb(), { lastName: tag });
    const legacy = await createUser(getDb(), { role: "user", lastName: tag });
    const owner = await createOwner(getDb(), { lastName: tag });
    const listed = await createUser(getDb(), { lastName: tag });
    await getDb().insert(admins).values({ email: listed.email });
    const banned = await createUser(getDb(), { lastName: tag, banned: true });
    const ids = async (filter?: "visitor" | "business" | "admin" | "suspended") =>
      (await listUsers(actor, { page: 1, search: tag, filter })).rows.map((r) => r.id).sort();
    expect(await ids("visitor")).toEqual([visitor.id, legacy.id, listed.id, banned.id].sort());
    expect(await ids("business")).toEqual([owner.id]);
    expect(await ids("admin")).toEqual([listed.id]);
    expect(await ids("suspended")).toEqual([banned.id]);
    expect(await ids()).toHaveLength(5);
  });

  it("keeps the search fast: one query whatever the page size (no per-user look-ups)", async () => {
    const { actor } = await newAdmin();
    const db = getDb() as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const original = db.execute.bind(db);
    let calls = 0;
    db.execute = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
    try {
      await listUsers(actor, { page: 1, search: "a" });
    } finally {
      db.execute = original;
    }
    expect(calls).toBe(1);
  });
});

describe("changing a role", () => {
  it("sets visitor, business or admin, keeps better-auth's column in step and audits before and after", async () => {
    const { actor } = await newAdmin();
    const target = await createVisitor(getDb());
    await changeUserRole(actor, { userId: target.id, role: "business" });
    expect((await actorFor(target)).role).toBe("business");
    await changeUserRole(actor, { userId: target.id, role: "admin" });
    const asAdmin = await actorFor(target);
    expect(asAdmin).toMatchObject({ role: "admin", isAdmin: true });
    const [authRow] = await getDb().select({ role: user.role }).from(user).where(eq(user.id, target.id));
    expect(authRow!.role).toBe("admin");
    await changeUserRole(actor, { userId: target.id, role: "visitor" });
    expect((await actorFor(target)).isAdmin).toBe(false);
    const audit = await auditFor(target.id);
    expect(audit.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ["user.role.change", actor.id, { role: "visitor" }, { role: "business" }],
      ["user.role.change", actor.id, { role: "business" }, { role: "admin" }],
      ["user.role.change", actor.id, { role: "admin" }, { role: "visitor" }],
    ]);
  });

  it("refuses other roles, unknown users and an admin's own role, changing nothing", async () => {
    const { actor } = await newAdmin();
    const target = await createVisitor(getDb());
    await expect(changeUserRole(actor, { userId: target.id, role: "superuser" })).rejects.toMatchObject({ code: "invalid" });
    await expect(changeUserRole(actor, { userId: "no-such-user", role: "business" })).rejects.toMatchObject({ code: "not-found" });
    await expect(changeUserRole(actor, { userId: actor.id, role: "visitor" })).rejects.toMatchObject({ code: "conflict" });
    expect((await actorFor(target)).role).toBe("visitor");
    expect((await actorFor(actor)).role).toBe("admin");
    expect(await auditFor(target.id)).toEqual([]);
  });

  it("answers with the spec's texts through the panel's action", async () => {
    const { actor } = await newAdmin();
    const target = await createVisitor(getDb());
    const ok = await runAdminAction(actor, form({ intent: "role", targetId: target.id, role: "business" }));
    expect(ok).toMatchObject({ status: 200, result: { ok: true, title: ADMIN_TEXTS.roleUpdated } });
    const self = await runAdminAction(actor, form({ intent: "role", targetId: actor.id, role: "visitor" }));
    expect(self.result).toMatchObject({ ok: false, title: "Error", text: ADMIN_EXTRA_TEXTS.cannotChangeSelf });
    const bad = await runAdminAction(actor, form({ intent: "role", targetId: target.id, role: "owner" }));
    expect(bad.result).toMatchObject({ ok: false, title: "Error", text: ADMIN_TEXTS.roleFailed });
  });
});

describe("suspending a user", () => {
  it("refuses their next sign-in, ends their sessions and hides their listings until lifted", async () => {
    const { actor } = await newAdmin();
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const cookie = await signInCookie(owner.email);
    const request = new Request(BASE, { headers: { cookie } });
    expect(await getSessionUser(request)).not.toBeNull();
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);

    const outcome = await suspendUser(actor, { userId: owner.id, reason: "Fake listings" });
    expect(outcome).toEqual({ hiddenListings: 1, endedSessions: 1 });
    expect(await getDb().select().from(session).where(eq(session.userId, owner.id))).toEqual([]);
    expect(await getSessionUser(request)).toBeNull();
    expect(await refusal(getPublicBusiness(listing.id))).toMatchObject({ code: "not-found", message: DIRECTORY_TEXTS.businessNotFound });
    const refused = await refusal(signIn({ email: owner.email, password: DEFAULT_PASSWORD }, { request: loginRequest(), clientAddress: nextAddress() }));
    expect(refused).toMatchObject({ code: "forbidden", reason: "suspended", message: ACCOUNT_TEXTS.suspended });

    await unsuspendUser(actor, { userId: owner.id });
    expect((await getPublicBusiness(listing.id)).id).toBe(listing.id);
    const again = await signIn({ email: owner.email, password: DEFAULT_PASSWORD }, { request: loginRequest(), clientAddress: nextAddress() });
    expect(again.status).toBe("signed-in");

    const audit = await auditFor(owner.id);
    expect(audit.map((a) => a.action)).toEqual(["user.suspend", "user.unsuspend"]);
    expect(audit[0]).toMatchObject({
      actorId: actor.id,
      actorEmail: actor.email,
      before: { banned: false, banReason: null },
      after: { banned: true, banReason: "Fake listings", endedSessions: 1, hiddenListings: 1 },
    });
    expect(audit[1]).toMatchObject({ before: { banned: true, banReason: "Fake listings" }, after: { banned: false, restoredListings: 1 } });
  });

  it("does not let an admin suspend themselves", async () => {
    const { actor } = await newAdmin();
    await expect(suspendUser(actor, { userId: actor.id })).rejects.toBeInstanceOf(AppError);
    const [row] = await getDb().select({ banned: user.banned }).from(user).where(eq(user.id, actor.id));
    expect(row!.banned).toBe(false);
    const outcome = await runAdminAction(actor, form({ intent: "suspend", targetId: actor.id, reason: "oops" }));
    expect(outcome.result).toMatchObject({ ok: false, title: ADMIN_EXTRA_TEXTS.suspendFailed, values: { reason: "oops" } });
  });

  it("ends a suspended admin's powers at once: no session, so every admin call is refused", async () => {
    const { actor } = await newAdmin();
    const other = await createAdmin(getDb());
    const cookie = await signInCookie(other.email);
    await suspendUser(actor, { userId: other.id });
    const sessionUser = await getSessionUser(new Request(BASE, { headers: { cookie } }));
    expect(sessionUser).toBeNull();
    await expect(listUsers(sessionUser, { page: 1 })).rejects.toMatchObject({ code: "unauthenticated" });
  });
});

describe("View Activity", () => {
  it("shows what the user did and what was done to their account, newest first", async () => {
    const { actor } = await newAdmin();
    const other = await newAdmin();
    const target = await createVisitor(getDb());
    await changeUserRole(actor, { userId: target.id, role: "business" });
    await suspendUser(other.actor, { userId: target.id });
    // Something the admin did shows in the admin's own activity.
    const mine = await listUserActivity(actor, actor.id);
    expect(mine.entries[0]).toMatchObject({ relation: "by", action: "user.role.change", targetId: target.id });
    const theirs = await listUserActivity(actor, target.id);
    expect(theirs.user).toMatchObject({ id: target.id, email: target.email });
    expect(theirs.entries.map((e) => [e.relation, e.action, e.actorEmail])).toEqual([
      ["on", "user.suspend", other.actor.email],
      ["on", "user.role.change", actor.email],
    ]);
    expect((await listUserActivity(actor, "no-such-user")).user).toBeNull();
  });
});

describe("profile fallbacks", () => {
  it("lists a profile without names so the screen can show 'Unknown User' and 'Not specified'", async () => {
    const { actor } = await newAdmin();
    const bare = await createUser(getDb(), { state: null });
    await getDb().update(profiles).set({ firstName: null, lastName: null, country: null }).where(eq(profiles.id, bare.id));
    const row = (await listUsers(actor, { page: 1, search: bare.email })).rows.find((r) => r.id === bare.id);
    expect(row).toMatchObject({ firstName: null, lastName: null, state: null, country: null, email: bare.email });
  });
});
