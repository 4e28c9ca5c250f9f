import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "../../../db/schema";
import { createAdmin, createOwner, createVisitor } from "../../../db/seed/factories";
import { sessionCookie } from "../../../tests/support/screen-harness";
import { getDb } from "../../lib/db.server";
import { SESSION_LIFETIME } from "./session.server";
import { getSessionUser } from "./session.server";

const BASE = "http://localhost:3000";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Signs in and returns the cookie and the id of the session it made. */
async function signedIn(email: string, userId: string) {
  const cookie = await sessionCookie(email);
  const rows = await getDb().select({ id: session.id }).from(session).where(eq(session.userId, userId));
  expect(rows).toHaveLength(1);
  return { cookie, sessionId: rows[0]!.id };
}

/** Makes the session look `ageMs` old, and as if activity had just refreshed its sliding expiry. */
async function age(sessionId: string, ageMs: number) {
  const now = Date.now();
  await getDb()
    .update(session)
    .set({ createdAt: new Date(now - ageMs), updatedAt: new Date(now - 60_000), expiresAt: new Date(now + 20 * DAY) })
    .where(eq(session.id, sessionId));
}

const userOf = (cookie: string) => getSessionUser(new Request(`${BASE}/profile`, { headers: { cookie } }));
const exists = async (sessionId: string) => (await getDb().select({ id: session.id }).from(session).where(eq(session.id, sessionId))).length === 1;

describe("absolute session lifetime (from sign-in, not refreshed by activity)", () => {
  it("is 30 days for visitors and owners and 12 hours for admins", () => {
    expect(SESSION_LIFETIME).toEqual({ userSeconds: 30 * 24 * 3600, adminSeconds: 12 * 3600 });
  });

  it("ends a user's session 30 days after sign-in however active it was: deleted and treated as signed out", async () => {
    for (const created of [await createVisitor(getDb()), await createOwner(getDb())]) {
      const { cookie, sessionId } = await signedIn(created.email, created.id);
      await age(sessionId, 29 * DAY);
      expect(await userOf(cookie)).toMatchObject({ id: created.id });
      await age(sessionId, 30 * DAY + 60_000);
      expect(await userOf(cookie)).toBeNull();
      expect(await exists(sessionId)).toBe(false);
    }
  });

  it("ends an admin's session 12 hours after sign-in", async () => {
    const admin = await createAdmin(getDb());
    const { cookie, sessionId } = await signedIn(admin.email, admin.id);
    await age(sessionId, 11 * HOUR);
    expect(await userOf(cookie)).toMatchObject({ id: admin.id, isAdmin: true });
    await age(sessionId, 12 * HOUR + 60_000);
    expect(await userOf(cookie)).toBeNull();
    expect(await exists(sessionId)).toBe(false);
  });
});
