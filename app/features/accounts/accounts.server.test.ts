import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, admins, profiles, session, user, verification } from "../../../db/schema";
import { refusal } from "../../../tests/support/refusals";
import type { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { settleBackgroundTasks } from "../../lib/background.server";
import { getDb } from "../../lib/db.server";
import { deliveredMail } from "../../../tests/support/outbox";
import { ACCOUNT_TEXTS, type RegisterInput } from "./account.schemas";
import { GUARDED_ROUTES, effectiveRole } from "./access";
import { requireUser } from "./guards.server";
import { PASSWORD_REASONS } from "./internal/password-policy.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { registerUser } from "./register-user.server";
import { getSessionUser } from "./session.server";
import { SIGN_IN_KEYS, SIGN_IN_LIMITS } from "./internal/account-limits.server";
import { signIn, verifyTwoFactorSignIn } from "./sign-in.server";
import { signInDelayedText } from "./account.schemas";
import { countOf, passTime, setCount } from "../../../tests/support/rate-limits";
import { signOut } from "./sign-out.server";

const PASSWORD = "Kola-Nut-Sunrise-42";
const BASE = "http://localhost:3000";

function uniqueEmail(tag: string) {
  return `${tag}-${randomUUID().slice(0, 8)}@example.ng`;
}

function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    accountType: "visitor",
    firstName: "Chiamaka",
    lastName: "Okafor",
    email: uniqueEmail("visitor"),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    country: "Nigeria",
    state: "Lagos",
    ...overrides,
  };
}

const request = () => new Request(`${BASE}/login`, { method: "POST", headers: { origin: BASE } });

async function latestMailTo(email: string) {
  const mails = await deliveredMail();
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  return mail;
}

function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error("no link in e-mail");
  return match[0];
}

/** Follows the verification link the way a browser would: through better-auth's handler. */
async function verifyByEmailLink(email: string) {
  const link = linkIn((await latestMailTo(email)).text);
  const response = await getAuth().handler(new Request(link));
  expect([200, 302]).toContain(response.status);
  return response;
}

async function registeredAndVerified(overrides: Partial<RegisterInput> = {}) {
  const input = registration(overrides);
  await expect(registerUser(input, { request: request(), clientAddress: "10.0.0.1" })).resolves.toBeUndefined();
  await verifyByEmailLink(input.email);
  return input;
}

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signedInRequest(email: string, password = PASSWORD) {
  const result = await signIn({ email, password }, { request: request(), clientAddress: "10.0.0.2" });
  if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
  return { result, cookie: cookieHeader(result.headers) };
}

/** What a refusal tells the person: compared field by field (two refusals that read the same). */
function told(error: AppError) {
  return { code: error.code, message: error.message, title: error.title, reason: error.reason, fields: error.fields, items: error.items };
}

describe("sign-up", () => {
  it("creates the user, a profile from the sign-up fields, and sends a verification e-mail", async () => {
    const input = registration({ accountType: "business", category: "Eatery", state: "FCT - Abuja" });
    await expect(registerUser(input, { request: request() })).resolves.toBeUndefined();
    const [row] = await getDb()
      .select({ id: user.id, verified: user.emailVerified, role: profiles.role, first: profiles.firstName, state: profiles.state, category: profiles.category })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.email, input.email));
    expect(row).toMatchObject({ verified: false, role: "business", first: "Chiamaka", state: "FCT - Abuja", category: "Eatery" });
    const mail = await latestMailTo(input.email);
    expect(mail.subject).toMatch(/verify/i);
    expect(linkIn(mail.text)).toContain("/api/auth/verify-email?token=");
  });

  it("stores the password as argon2id with at least 19 MiB and 2 iterations", async () => {
    const input = registration();
    await registerUser(input, { request: request() });
    const [row] = await getDb()
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, input.email));
    const match = row!.hash!.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });

  it("refuses weak passwords on the server with every reason", async () => {
    const email = uniqueEmail("weak");
    const short = await refusal(registerUser(registration({ email, password: "abc", confirmPassword: "abc" }), { request: request() }));
    expect(short).toMatchObject({ code: "invalid", reason: "weak-password", items: expect.arrayContaining([PASSWORD_REASONS.tooShort]) });
    const long = "x".repeat(129);
    expect(await refusal(registerUser(registration({ email, password: long, confirmPassword: long }), { request: request() }))).toMatchObject({
      code: "invalid",
      reason: "weak-password",
      items: [PASSWORD_REASONS.tooLong],
    });
    expect(await refusal(registerUser(registration({ email, password: "password1", confirmPassword: "password1" }), { request: request() }))).toMatchObject({
      code: "invalid",
      reason: "weak-password",
      items: [PASSWORD_REASONS.common],
    });
    expect(await refusal(registerUser(registration({ email, password: email, confirmPassword: email }), { request: request() }))).toMatchObject({
      code: "invalid",
      reason: "weak-password",
      items: [PASSWORD_REASONS.sameAsEmail],
    });
    const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.email, email));
    expect(n).toBe(0);
  });

  it("answers an already registered e-mail the same way and tells its owner by e-mail", async () => {
    const input = await registeredAndVerified();
    await expect(registerUser({ ...input, firstName: "Someone" }, { request: request() })).resolves.toBeUndefined();
    expect((await latestMailTo(input.email)).subject).toBe("Someone tried to register with your e-mail");
    const [{ n }] = await getDb().select({ n: sql<number>`count(*)::int` }).from(user).where(eq(user.email, input.email));
    expect(n).toBe(1);
  });
});

describe("sign-in", () => {
  it("explains an unverified address and works once the link is followed", async () => {
    const input = registration();
    await registerUser(input, { request: request() });
    const before = await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request() }));
    expect(before).toMatchObject({ code: "forbidden", reason: "unverified", message: ACCOUNT_TEXTS.emailNotVerified });
    await verifyByEmailLink(input.email);
    const after = await signIn({ email: input.email.toUpperCase(), password: PASSWORD }, { request: request() });
    expect(after.status).toBe("signed-in");
  });

  it("sets an HttpOnly SameSite=Lax session cookie with a fresh session id on every sign-in", async () => {
    const input = await registeredAndVerified();
    const first = await signedInRequest(input.email);
    const second = await signedInRequest(input.email);
    const setCookie = first.result.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(first.cookie).not.toBe(second.cookie);
    const me = await getSessionUser(new Request(BASE, { headers: { cookie: first.cookie } }));
    expect(me).toMatchObject({ email: input.email, role: "visitor", firstName: "Chiamaka", isAdmin: false });
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const input = await registeredAndVerified();
    const wrong = await refusal(signIn({ email: input.email, password: "Wrong-Password-1" }, { request: request() }));
    const unknown = await refusal(signIn({ email: uniqueEmail("nobody"), password: "Wrong-Password-1" }, { request: request() }));
    expect(wrong).toMatchObject({ code: "unauthenticated", reason: "invalid", message: ACCOUNT_TEXTS.invalidCredentials });
    expect(told(unknown)).toEqual(told(wrong));
  });

  it("refuses a suspended user and ends their sessions", async () => {
    const input = await registeredAndVerified();
    const { cookie } = await signedInRequest(input.email);
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, input.email));
    await getDb().update(user).set({ banned: true }).where(eq(user.id, row!.id));
    expect(await getSessionUser(new Request(BASE, { headers: { cookie } }))).toBeNull();
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request() }))).toMatchObject({
      code: "forbidden",
      reason: "suspended",
      message: ACCOUNT_TEXTS.suspended,
    });
    // A wrong password reveals nothing about the suspension.
    expect(await refusal(signIn({ email: input.email, password: "Not-the-password-1" }, { request: request() }))).toMatchObject({
      code: "unauthenticated",
      reason: "invalid",
      message: ACCOUNT_TEXTS.invalidCredentials,
    });
  });

  it("signs out on the server", async () => {
    const input = await registeredAndVerified();
    const { cookie } = await signedInRequest(input.email);
    const result = await signOut(new Request(`${BASE}/logout`, { method: "POST", headers: { cookie } }));
    // The answer clears the session cookie (signOut throws when the server refuses).
    expect(result.headers.getSetCookie().join("\n")).toMatch(/session_token=;/);
    expect(await getSessionUser(new Request(BASE, { headers: { cookie } }))).toBeNull();
  });
});

const wrong = (i: number) => `Wrong-${i}-password`;
let spread = 0;
/** A different address for each attempt (an attacker with many, or many people). */
const anyAddress = () => `10.${(++spread >> 16) & 255}.${(spread >> 8) & 255}.${spread & 255}`;

/** Makes `count` wrong-password failures against `email`, waiting out each delay (by moving the clock). */
async function failures(email: string, count: number) {
  for (let made = 0; made < count; ) {
    const error = await refusal(signIn({ email, password: wrong(made) }, { request: request(), clientAddress: anyAddress() }));
    if (error.reason === "invalid") made++;
    else if (error.code === "rate-limited") await passTime(SIGN_IN_LIMITS.account.maxDelaySeconds);
    else throw error;
  }
}

function withCookie(cookie: string) {
  return new Request(`${BASE}/login`, { method: "POST", headers: { origin: BASE, cookie } });
}

describe("sign-in limits", () => {
  it("counts wrong passwords per address, not sign-ins: many people behind one carrier address keep signing in", async () => {
    const people = [await registeredAndVerified(), await registeredAndVerified(), await registeredAndVerified()];
    const carrier = "102.89.3.7";
    // 48 sign-ins and 8 typos: more than the 50 attempts per address there used to be.
    for (let i = 0; i < 48; i++) {
      const person = people[i % people.length]!;
      if (i % 6 === 5) {
        expect(await refusal(signIn({ email: person.email, password: wrong(i) }, { request: request(), clientAddress: carrier }))).toMatchObject({ reason: "invalid" });
      }
      expect((await signIn({ email: person.email, password: PASSWORD }, { request: request(), clientAddress: carrier })).status).toBe("signed-in");
    }
  });

  it(`refuses an address after ${SIGN_IN_LIMITS.addressFailures} wrong passwords in 15 minutes, counting IPv6 per /64`, async () => {
    const input = await registeredAndVerified();
    const prefix = `2001:db8:${Math.floor(Math.random() * 9000 + 1000)}:1`;
    // The address's earlier failures, as if it had made them (300 real ones would take a while).
    await setCount(SIGN_IN_KEYS.addressFailures(`${prefix}::1`), SIGN_IN_LIMITS.addressFailures - 2);
    for (const host of ["a", "b"]) {
      expect(await refusal(signIn({ email: uniqueEmail("probe"), password: "Wrong-password-x" }, { request: request(), clientAddress: `${prefix}::${host}` }))).toMatchObject({ reason: "invalid" });
    }
    const refused = await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: `${prefix}:ffff::1` }));
    expect(refused).toMatchObject({ code: "rate-limited", reason: "rate-limited", message: ACCOUNT_TEXTS.tooManyRequests });
    // Another address, and the same one once the window has passed.
    expect((await signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: `2001:db8:1:2::1` })).status).toBe("signed-in");
    await passTime(SIGN_IN_LIMITS.addressWindowSeconds, "signin-addr:");
    expect((await signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: `${prefix}::1` })).status).toBe("signed-in");
  });

  it("slows an account down after 5 wrong passwords instead of locking it; the right password works once the wait is over", async () => {
    const input = await registeredAndVerified();
    for (let i = 0; i < SIGN_IN_LIMITS.account.freeAttempts; i++) {
      expect(await refusal(signIn({ email: input.email, password: wrong(i) }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ reason: "invalid" });
    }
    // Too soon: refused without looking at the password, even the right one.
    const slowed = await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() }));
    expect(slowed).toMatchObject({ code: "rate-limited", reason: "rate-limited", message: signInDelayedText(2) });
    await passTime(2);
    expect((await signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() })).status).toBe("signed-in");
    // The success cleared the count: five more mistakes go through at once.
    await failures(input.email, SIGN_IN_LIMITS.account.freeAttempts);
  });

  it("doubles the wait with each further wrong password, up to 15 minutes, never more", async () => {
    const input = await registeredAndVerified();
    await failures(input.email, SIGN_IN_LIMITS.account.freeAttempts);
    for (const expected of [2, 4, 8]) {
      expect(await refusal(signIn({ email: input.email, password: wrong(99) }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ message: signInDelayedText(expected) });
      await passTime(expected);
      expect(await refusal(signIn({ email: input.email, password: wrong(99) }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ reason: "invalid" });
    }
    await setCount(SIGN_IN_KEYS.account(input.email), 40);
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ message: signInDelayedText(15 * 60) });
    expect(signInDelayedText(15 * 60)).toContain("15 minutes");
    await passTime(15 * 60);
    expect((await signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() })).status).toBe("signed-in");
  });

  it("lets only one of many simultaneous guesses through once a wait is over", async () => {
    const input = await registeredAndVerified();
    // Nine wrong passwords made (a 32 s wait) and the wait over: the one guess let through makes the next wait 64 s,
    // far longer than eight guesses take on a busy machine (after five, the next wait of 4 s was not always).
    await setCount(SIGN_IN_KEYS.account(input.email), SIGN_IN_LIMITS.account.freeAttempts + 4);
    await passTime(32);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refusal(signIn({ email: input.email, password: wrong(50 + i) }, { request: request(), clientAddress: anyAddress() }))),
    );
    expect(answers.filter((a) => a.reason === "invalid")).toHaveLength(1);
    expect(answers.filter((a) => a.code === "rate-limited")).toHaveLength(7);
  });

  it("slows an unknown e-mail the same way, so the answer reveals nothing", async () => {
    const input = await registeredAndVerified();
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < SIGN_IN_LIMITS.account.freeAttempts; i++) {
      await failures(input.email, 1);
      await failures(ghost, 1);
    }
    const known = await refusal(signIn({ email: input.email, password: wrong(1) }, { request: request(), clientAddress: anyAddress() }));
    const unknown = await refusal(signIn({ email: ghost, password: wrong(1) }, { request: request(), clientAddress: anyAddress() }));
    expect(told(unknown)).toEqual(told(known));
  });

  it("does not slow a browser that signed in to the account before: an attacker cannot keep the owner out", async () => {
    const input = await registeredAndVerified();
    const { cookie } = await signedInRequest(input.email);
    await failures(input.email, 12);
    // Anyone else, even with the right password, waits.
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ code: "rate-limited" });
    // The owner's browser goes straight in.
    expect((await signIn({ email: input.email, password: PASSWORD }, { request: withCookie(cookie), clientAddress: anyAddress() })).status).toBe("signed-in");
    // Its cookie is worth nothing for another account.
    const other = await registeredAndVerified();
    await failures(other.email, 6);
    expect(await refusal(signIn({ email: other.email, password: PASSWORD }, { request: withCookie(cookie), clientAddress: anyAddress() }))).toMatchObject({ code: "rate-limited" });
    // Wrong passwords from the known browser slow that browser down on its own.
    for (let i = 0; i < SIGN_IN_LIMITS.account.freeAttempts; i++) {
      expect(await refusal(signIn({ email: input.email, password: wrong(i) }, { request: withCookie(cookie), clientAddress: anyAddress() }))).toMatchObject({ reason: "invalid" });
    }
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: withCookie(cookie), clientAddress: anyAddress() }))).toMatchObject({ message: signInDelayedText(2) });
  });

  it("counts only wrong two-factor codes per address: codes sent without a password step use up nothing", async () => {
    const carrier = "102.89.9.9";
    await setCount(SIGN_IN_KEYS.twoFactorAddress(carrier), SIGN_IN_LIMITS.twoFactorAddressFailures - 1);
    for (let i = 0; i < 3; i++) {
      expect(await refusal(verifyTwoFactorSignIn("123456", { request: request(), clientAddress: carrier }))).toMatchObject({ reason: "expired" });
    }
    expect(await countOf(SIGN_IN_KEYS.twoFactorAddress(carrier))).toBe(SIGN_IN_LIMITS.twoFactorAddressFailures - 1);
  });

  it("a completed password reset clears the account's wait", async () => {
    const input = await registeredAndVerified();
    await failures(input.email, 12);
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request(), clientAddress: anyAddress() }))).toMatchObject({ code: "rate-limited" });
    await requestPasswordReset(input.email, { clientAddress: anyAddress() });
    await settleBackgroundTasks(); // the e-mail goes out in the background
    const link = linkIn((await latestMailTo(input.email)).text);
    const token = new URL((await getAuth().handler(new Request(link))).headers.get("location")!, BASE).searchParams.get("token")!;
    await resetPassword(token, "Harmattan-Breeze-77");
    expect((await signIn({ email: input.email, password: "Harmattan-Breeze-77" }, { request: request(), clientAddress: anyAddress() })).status).toBe("signed-in");
  });
});

describe("password reset", () => {
  it("answers known and unknown addresses with the same text", async () => {
    const input = await registeredAndVerified();
    const known = await requestPasswordReset(input.email, { clientAddress: "10.3.0.1" });
    const unknown = await requestPasswordReset(uniqueEmail("ghost"), { clientAddress: "10.3.0.2" });
    expect(known).toEqual({ message: ACCOUNT_TEXTS.resetGeneric });
    expect(unknown).toEqual(known);
  });

  it("lands on /login?reset=true, works once, and ends the user's other sessions", async () => {
    const input = await registeredAndVerified();
    const { cookie } = await signedInRequest(input.email);
    await requestPasswordReset(input.email, { clientAddress: "10.3.1.1" });
    await settleBackgroundTasks(); // the e-mail goes out in the background
    const link = linkIn((await latestMailTo(input.email)).text);
    const landing = await getAuth().handler(new Request(link));
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, BASE);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("reset")).toBe("true");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const newPassword = "Harmattan-Breeze-77";
    await expect(resetPassword(token, newPassword)).resolves.toBeUndefined();
    expect(await refusal(resetPassword(token, "Another-Password-88"))).toMatchObject({
      code: "invalid",
      reason: "link-invalid",
      message: ACCOUNT_TEXTS.resetLinkInvalid,
    });
    expect(await getSessionUser(new Request(BASE, { headers: { cookie } }))).toBeNull();
    expect(await refusal(signIn({ email: input.email, password: PASSWORD }, { request: request() }))).toMatchObject({ reason: "invalid" });
    expect((await signIn({ email: input.email, password: newPassword }, { request: request() })).status).toBe("signed-in");
  });

  it("expires the link after one hour", async () => {
    const input = await registeredAndVerified();
    await requestPasswordReset(input.email, { clientAddress: "10.3.2.1" });
    await settleBackgroundTasks(); // the e-mail goes out in the background
    const link = linkIn((await latestMailTo(input.email)).text);
    const token = new URL(link).pathname.split("/").pop()!;
    const [row] = await getDb().select({ expiresAt: verification.expiresAt, createdAt: verification.createdAt }).from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    expect(row).toBeDefined();
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 3600_000)).toBeLessThan(5_000);
    await getDb().update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, `reset-password:${token}`));
    expect(await refusal(resetPassword(token, "Harmattan-Breeze-77"))).toMatchObject({
      code: "invalid",
      reason: "link-invalid",
      message: ACCOUNT_TEXTS.resetLinkInvalid,
    });
  });
});

describe("session user", () => {
  it("falls back to sign-up metadata, reads 'user' as visitor, and honours the admins table", async () => {
    const input = await registeredAndVerified({ firstName: "Musa", lastName: "Bello", state: "Kano" });
    const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, input.email));
    await getDb().update(profiles).set({ firstName: null, state: null, role: "user" }).where(eq(profiles.id, row!.id));
    const { cookie } = await signedInRequest(input.email);
    const req = new Request(BASE, { headers: { cookie } });
    expect(await getSessionUser(req)).toMatchObject({ firstName: "Musa", state: "Kano", role: "visitor", isAdmin: false });
    await getDb().insert(admins).values({ email: input.email.toLowerCase() });
    expect(await getSessionUser(req)).toMatchObject({ role: "visitor", isAdmin: true });
  });
});

describe("route guards", () => {
  type Who = "anonymous" | "visitor" | "business" | "admin";
  const expected = (roles: readonly string[], who: Who): string | "allowed" => {
    if (who === "anonymous") return "login";
    if (roles.includes(who)) return "allowed";
    return who === "admin" ? "/admin" : who === "business" ? "/dashboard" : "/";
  };

  it("sends every role to the right place on every guarded route", async () => {
    const cookies: Record<Exclude<Who, "anonymous">, string> = { visitor: "", business: "", admin: "" };
    for (const role of ["visitor", "business", "admin"] as const) {
      const input = await registeredAndVerified({ accountType: role === "business" ? "business" : "visitor", category: "Hotel" });
      if (role === "admin") {
        const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, input.email));
        await getDb().update(profiles).set({ role: "admin" }).where(eq(profiles.id, row!.id));
      }
      cookies[role] = (await signedInRequest(input.email)).cookie;
    }
    for (const route of GUARDED_ROUTES) {
      const path = route.path.replace(":id", randomUUID());
      for (const who of ["anonymous", "visitor", "business", "admin"] as const) {
        const headers: Record<string, string> = who === "anonymous" ? {} : { cookie: cookies[who] };
        const req = new Request(`${BASE}${path}?tab=1`, { headers });
        const outcome = await requireUser(req, route.roles).then(
          (u) => ({ kind: "allowed" as const, role: effectiveRole(u) }),
          (thrown: Response) => ({ kind: "redirect" as const, location: thrown.headers.get("location") }),
        );
        const want = expected(route.roles, who);
        if (want === "allowed") expect(outcome, `${who} ${path}`).toMatchObject({ kind: "allowed", role: who });
        else if (want === "login") {
          expect(outcome, `${who} ${path}`).toEqual({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(`${path}?tab=1`)}` });
        } else expect(outcome, `${who} ${path}`).toEqual({ kind: "redirect", location: want });
      }
    }
  });
});

describe("sessions table", () => {
  it("keeps sessions server-side: a deleted session row signs the user out", async () => {
    const input = await registeredAndVerified();
    const { cookie } = await signedInRequest(input.email);
    const req = new Request(BASE, { headers: { cookie } });
    const me = await getSessionUser(req);
    expect(me).not.toBeNull();
    await getDb().delete(session).where(eq(session.userId, me!.id));
    expect(await getSessionUser(req)).toBeNull();
  });
});
