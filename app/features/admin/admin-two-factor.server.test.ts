import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, user } from "../../../db/schema";
import { createAdmin, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { totp } from "../../../tests/support/two-factor";
import { getDb } from "../../lib/db.server";
import { getSessionUser } from "../accounts/session.server";
import { signIn, TWO_FACTOR_TEXTS, verifyTwoFactorSignIn } from "../accounts/sign-in.server";
import { ADMIN_EXTRA_TEXTS } from "./admin.schemas";
import { confirmTwoFactor } from "./confirm-two-factor.server";
import { disableTwoFactor } from "./disable-two-factor.server";
import { listUsers } from "./list-users.server";
import { startTwoFactorSetup } from "./start-two-factor-setup.server";
import { getTwoFactorStatus } from "./two-factor-status.server";

const BASE = "http://localhost:3000";
let address = 0;

const cookieOf = (headers: Headers, previous = "") => {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => [c.split("=")[0]!, c] as const));
  for (const c of headers.getSetCookie()) {
    const pair = c.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(c) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
};
const withCookie = (cookie: string, path = "/admin/security") =>
  new Request(`${BASE}${path}`, { method: "POST", headers: { cookie, origin: BASE } });

async function passwordStep(email: string, password = DEFAULT_PASSWORD) {
  return signIn({ email, password }, { request: withCookie("", "/login"), clientAddress: `10.8.0.${++address}` });
}

/** An admin who has not set up two-factor sign-in yet (the factories turn it on for admins by default). */
async function signedInAdmin() {
  const created = await createAdmin(getDb(), { twoFactor: false });
  const result = await passwordStep(created.email);
  if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
  return { created, cookie: cookieOf(result.headers), actor: result.user };
}

describe("two-factor sign-in for admins", () => {
  it("turns on with password and a first code, then asks every sign-in for a code", async () => {
    const { created, cookie, actor } = await signedInAdmin();
    expect(await getTwoFactorStatus(actor)).toEqual({ enabled: false, pendingSetup: false });
    await expect(startTwoFactorSetup(actor, { password: "wrong-password-1", request: withCookie(cookie) })).rejects.toMatchObject({
      message: ADMIN_EXTRA_TEXTS.twoFactorWrongPassword,
    });
    const setup = await startTwoFactorSetup(actor, { password: DEFAULT_PASSWORD, request: withCookie(cookie) });
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\/Naija%20Directory:/);
    expect(setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup.backupCodes.length).toBeGreaterThanOrEqual(5);
    expect(await getTwoFactorStatus(actor)).toEqual({ enabled: false, pendingSetup: true });
    // Not on yet: a sign-in still needs only the password.
    expect((await passwordStep(created.email)).status).toBe("signed-in");

    await expect(confirmTwoFactor(actor, { code: "000000", request: withCookie(cookie) })).rejects.toMatchObject({
      message: ADMIN_EXTRA_TEXTS.twoFactorWrongCode,
    });
    const { headers } = await confirmTwoFactor(actor, { code: totp(setup.secret), request: withCookie(cookie) });
    const rotated = cookieOf(headers, cookie);
    expect(await getSessionUser(new Request(BASE, { headers: { cookie: rotated } }))).toMatchObject({ id: created.id });
    expect(await getTwoFactorStatus(actor)).toEqual({ enabled: true, pendingSetup: false });
    // Admin powers come with it (the actor read before it was on has none: accounts/access.ts requireAdmin).
    expect(await refusal(listUsers(actor, { page: 1, search: created.email }))).toMatchObject({ code: "forbidden", reason: "two-factor-required" });
    expect((await listUsers(await actorFor(created), { page: 1, search: created.email })).rows[0]).toMatchObject({ hasTwoFactor: true });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, "user.two_factor.enable")));
    expect(audit).toMatchObject({ actorId: created.id, after: { twoFactorEnabled: true } });

    // The password alone no longer signs in: the second step asks for a code.
    const first = await passwordStep(created.email);
    expect(first.status).toBe("two-factor");
    if (first.status !== "two-factor") throw new Error("expected a two-factor step");
    const challenge = cookieOf(first.headers);
    expect(challenge).toMatch(/two_factor=/);
    expect(challenge).not.toMatch(/session_token=/);
    const wrong = await refusal(verifyTwoFactorSignIn("123456", { request: withCookie(challenge, "/login"), clientAddress: "10.8.1.1" }));
    expect(wrong).toMatchObject({ code: "invalid", reason: "invalid", message: TWO_FACTOR_TEXTS.wrongCode });
    const right = await verifyTwoFactorSignIn(totp(setup.secret), { request: withCookie(challenge, "/login"), clientAddress: "10.8.1.1" });
    expect(right.user).toMatchObject({ id: created.id });
    expect(await getSessionUser(new Request(BASE, { headers: { cookie: cookieOf(right.headers) } }))).toMatchObject({ id: created.id, isAdmin: true });

    // A backup code works once, in place of the app's code.
    const second = await passwordStep(created.email);
    if (second.status !== "two-factor") throw new Error("expected a two-factor step");
    const backup = setup.backupCodes[0]!;
    expect((await verifyTwoFactorSignIn(backup, { request: withCookie(cookieOf(second.headers), "/login"), clientAddress: "10.8.1.2" })).user).toMatchObject({
      id: created.id,
    });
    const third = await passwordStep(created.email);
    if (third.status !== "two-factor") throw new Error("expected a two-factor step");
    expect(await refusal(verifyTwoFactorSignIn(backup, { request: withCookie(cookieOf(third.headers), "/login"), clientAddress: "10.8.1.3" }))).toMatchObject({
      code: "invalid",
      reason: "invalid",
      message: TWO_FACTOR_TEXTS.wrongCode,
    });

    // A code without the challenge cookie (expired or never started) sends the user back to the password.
    expect(await refusal(verifyTwoFactorSignIn(totp(setup.secret), { request: withCookie("", "/login"), clientAddress: "10.8.1.4" }))).toMatchObject({
      code: "unauthenticated",
      reason: "expired",
      message: TWO_FACTOR_TEXTS.expired,
    });

    const session = cookieOf(right.headers);
    await expect(disableTwoFactor(right.user, { password: "nope-nope-1", request: withCookie(session) })).rejects.toMatchObject({
      message: ADMIN_EXTRA_TEXTS.twoFactorWrongPassword,
    });
    await disableTwoFactor(right.user, { password: DEFAULT_PASSWORD, request: withCookie(session) });
    const [row] = await getDb().select({ enabled: user.twoFactorEnabled }).from(user).where(eq(user.id, created.id));
    expect(row!.enabled).toBe(false);
    expect((await passwordStep(created.email)).status).toBe("signed-in");
  });

  it("is refused to non-admins", async () => {
    const visitor = await createVisitor(getDb());
    const actor = await actorFor(visitor);
    await expect(startTwoFactorSetup(actor, { password: DEFAULT_PASSWORD, request: withCookie("") })).rejects.toMatchObject({ code: "forbidden" });
    await expect(confirmTwoFactor(actor, { code: "123456", request: withCookie("") })).rejects.toMatchObject({ code: "forbidden" });
    await expect(disableTwoFactor(actor, { password: DEFAULT_PASSWORD, request: withCookie("") })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getTwoFactorStatus(null)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});
