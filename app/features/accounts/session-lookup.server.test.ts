import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { admins, profiles, session, user } from "../../../db/schema";
import { createAdmin, createOwner, createVisitor } from "../../../db/seed/factories";
import { sessionCookie } from "../../../tests/support/screen-harness";
import { getAuth, SESSION_EXPIRES_IN_SECONDS } from "../../lib/auth.server";
import { getDb } from "../../lib/db.server";
import { cookieValue, lookUpSession, verifySignedValue } from "./internal/session-lookup.server";
import { getSignedInSession, isSessionLive, liveSessionIds, loadSessionUser } from "./session.server";

// The one-query session lookup (ADR 26) against better-auth's own getSession on a real database: the same user,
// and every change (sign-out, suspension, deletion, role, KYC, the admin list) seen on the very next request.

const BASE = "http://localhost:3000";
const DAY = 24 * 3_600_000;

const requestWith = (cookie: string) => new Request(`${BASE}/messages`, { headers: { cookie } });

async function signedIn(kind: "visitor" | "owner" | "admin") {
  const created = kind === "visitor" ? await createVisitor(getDb()) : kind === "owner" ? await createOwner(getDb()) : await createAdmin(getDb());
  const cookie = await sessionCookie(created.email);
  const [row] = await getDb().select({ id: session.id, token: session.token }).from(session).where(eq(session.userId, created.id));
  return { user: created, cookie, sessionId: row!.id, token: row!.token };
}

/** What better-auth's getSession and the former lookups (four queries) made of the same request. */
async function throughBetterAuth(cookie: string) {
  const result = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
  if (!result) return null;
  return loadSessionUser(result.user as Parameters<typeof loadSessionUser>[0]);
}

function sign(value: string, secret: string) {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
}

describe("reading the session cookie", () => {
  it("reads a cookie as better-call does: first of its name, quotes removed, URI-decoded", () => {
    expect(cookieValue("a=1; nd.session_token=abc%2Edef; nd.session_token=other", "nd.session_token")).toBe("abc.def");
    expect(cookieValue('x=1;nd.session_token="quoted"', "nd.session_token")).toBe("quoted");
    expect(cookieValue("nd.session_token_x=1", "nd.session_token")).toBeNull();
    expect(cookieValue(null, "nd.session_token")).toBeNull();
  });

  it("accepts only a value signed with the secret", () => {
    const secret = "s".repeat(40);
    expect(verifySignedValue(sign("token-1", secret), secret)).toBe("token-1");
    expect(verifySignedValue(sign("token-1", "t".repeat(40)), secret)).toBeNull();
    expect(verifySignedValue(sign("token-1", secret).replace("token-1", "token-2"), secret)).toBeNull();
    expect(verifySignedValue("token-1", secret)).toBeNull();
    expect(verifySignedValue("token-1.short=", secret)).toBeNull();
  });
});

describe("the session of a request in one query", () => {
  it("gives the same user as better-auth's getSession plus the profile lookups, for every role", async () => {
    for (const kind of ["visitor", "owner", "admin"] as const) {
      const { cookie, user: created } = await signedIn(kind);
      const lookup = await lookUpSession(new Headers({ cookie }));
      expect(lookup.kind, kind).toBe("found");
      const fast = await getSignedInSession(requestWith(cookie));
      expect(fast?.user, kind).toEqual(await throughBetterAuth(cookie));
      expect(fast?.user.id).toBe(created.id);
    }
  });

  it("refuses a forged cookie, a cookie signed with another secret and a token with no session", async () => {
    const { token } = await signedIn("visitor");
    const secret = (await getAuth().$context).secret;
    const other = "x".repeat(48);
    for (const cookie of [
      `nd.session_token=${encodeURIComponent(sign(token, other))}`,
      `nd.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`,
      `nd.session_token=${encodeURIComponent(sign("no-such-token", secret))}`,
      `nd.session_token=${token}`,
    ]) {
      expect(await getSignedInSession(requestWith(cookie)), cookie).toBeNull();
    }
    // The same token, properly signed, is a session: the refusals above are the signature's doing.
    expect(await getSignedInSession(requestWith(`nd.session_token=${encodeURIComponent(sign(token, secret))}`))).not.toBeNull();
  });

  it("sees a sign-out, a suspension and a deletion on the very next request, and ends the suspended user's sessions", async () => {
    const out = await signedIn("visitor");
    expect(await getSignedInSession(requestWith(out.cookie))).not.toBeNull();
    await getDb().delete(session).where(eq(session.id, out.sessionId));
    expect(await getSignedInSession(requestWith(out.cookie))).toBeNull();

    const banned = await signedIn("owner");
    const live = await getSignedInSession(requestWith(banned.cookie));
    expect(live).not.toBeNull();
    await getDb().update(user).set({ banned: true }).where(eq(user.id, banned.user.id));
    expect(await getSignedInSession(requestWith(banned.cookie))).toBeNull();
    expect(await getDb().select().from(session).where(eq(session.userId, banned.user.id))).toHaveLength(0);
    expect(await isSessionLive(live!)).toBe(false);

    const deleted = await signedIn("visitor");
    await getDb().update(user).set({ deletedAt: new Date() }).where(eq(user.id, deleted.user.id));
    expect(await getSignedInSession(requestWith(deleted.cookie))).toBeNull();
  });

  it("sees role, KYC and admin-list changes on the very next request", async () => {
    const { cookie, user: created } = await signedIn("visitor");
    expect((await getSignedInSession(requestWith(cookie)))?.user).toMatchObject({ role: "visitor", isAdmin: false, kycStatus: "none" });
    await getDb().update(profiles).set({ role: "business", kycStatus: "approved" }).where(eq(profiles.id, created.id));
    expect((await getSignedInSession(requestWith(cookie)))?.user).toMatchObject({ role: "business", isAdmin: false, kycStatus: "approved" });
    await getDb().insert(admins).values({ email: created.email.toLowerCase() });
    expect((await getSignedInSession(requestWith(cookie)))?.user).toMatchObject({ role: "business", isAdmin: true });
    // Without a profile row: the sign-up metadata and the admin list still apply (as before).
    await getDb().delete(profiles).where(eq(profiles.id, created.id));
    const fast = await getSignedInSession(requestWith(cookie));
    expect(fast?.user).toEqual(await throughBetterAuth(cookie));
    expect(fast?.user.isAdmin).toBe(true);
  });

  it("leaves the writes to better-auth: an expired session is deleted, one due for renewal has its expiry slid forward", async () => {
    const expired = await signedIn("visitor");
    await getDb().update(session).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(session.id, expired.sessionId));
    expect((await lookUpSession(new Headers({ cookie: expired.cookie }))).kind).toBe("needs-better-auth");
    expect(await getSignedInSession(requestWith(expired.cookie))).toBeNull();
    expect(await getDb().select().from(session).where(eq(session.id, expired.sessionId))).toHaveLength(0);

    const due = await signedIn("owner");
    // Last renewed two days ago: better-auth renews once a day while the session is in use.
    const renewedAt = Date.now() - 2 * DAY;
    await getDb().update(session).set({ expiresAt: new Date(renewedAt + SESSION_EXPIRES_IN_SECONDS * 1000) }).where(eq(session.id, due.sessionId));
    expect((await lookUpSession(new Headers({ cookie: due.cookie }))).kind).toBe("needs-better-auth");
    const renewed = await getSignedInSession(requestWith(due.cookie));
    expect(renewed?.user.id).toBe(due.user.id);
    const [row] = await getDb().select({ expiresAt: session.expiresAt }).from(session).where(eq(session.id, due.sessionId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - 60_000);
    // Renewed: the next request is the one-query kind again.
    expect((await lookUpSession(new Headers({ cookie: due.cookie }))).kind).toBe("found");
  });
});

describe("checking many open streams' sessions at once", () => {
  it("keeps exactly the sessions that still hold: not signed out, suspended, deleted, expired or past their lifetime", async () => {
    const kinds = ["live", "signed-out", "suspended", "deleted", "expired", "too-old", "live-admin"] as const;
    const streams = new Map<string, NonNullable<Awaited<ReturnType<typeof getSignedInSession>>>>();
    for (const kind of kinds) {
      const who = await signedIn(kind === "live-admin" ? "admin" : "visitor");
      const signed = await getSignedInSession(requestWith(who.cookie));
      streams.set(kind, signed!);
      if (kind === "signed-out") await getDb().delete(session).where(eq(session.id, who.sessionId));
      if (kind === "suspended") await getDb().update(user).set({ banned: true }).where(eq(user.id, who.user.id));
      if (kind === "deleted") await getDb().update(user).set({ deletedAt: new Date() }).where(eq(user.id, who.user.id));
      if (kind === "expired") await getDb().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.id, who.sessionId));
      if (kind === "too-old") await getDb().update(session).set({ createdAt: new Date(Date.now() - 31 * DAY) }).where(eq(session.id, who.sessionId));
    }
    const live = await liveSessionIds([...streams.values()]);
    expect([...streams].filter(([, s]) => live.has(s.sessionId)).map(([kind]) => kind).sort()).toEqual(["live", "live-admin"]);
    for (const [kind, signed] of streams) expect(await isSessionLive(signed), kind).toBe(live.has(signed.sessionId) || kind === "deleted");
  });
});
