import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "../../../db/schema";
import {
  createAdmin, createBusiness, createKycSubmission, createMessage, createOwner, createUser, createVisitor, DEFAULT_PASSWORD, enableTwoFactorFor,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { renderRoute, sessionCookie } from "../../../tests/support/screen-harness";
import { storedTotpKey, totpCode } from "../../../tests/support/two-factor";
import { getDb } from "../../lib/db.server";
import { action as adminAction, loader as adminLoader } from "../../routes/admin/admin";
import * as securityRoute from "../../routes/admin/security";
import * as profileRoute from "../../routes/account/profile";
import * as messagesRoute from "../../routes/messages/messages";
import { ADMIN_TWO_FACTOR_REQUIRED } from "../accounts/access";
import { getSessionUser } from "../accounts/session.server";
import type { SessionUser } from "../accounts/session-user";
import { getKycDocumentLink } from "../kyc/kyc-document-link.server";
import { KYC_TEXTS } from "../kyc/kyc.schemas";
import { approveKyc } from "../kyc/review-kyc.server";
import { listKycSubmissions } from "../kyc/list-kyc-submissions.server";
import { reviewListing } from "../listings/review-listing.server";
import { listConversations } from "../messaging/list-conversations.server";
import { openConversation } from "../messaging/open-conversation.server";
import { changeUserRole } from "./change-user-role.server";
import { confirmTwoFactor } from "./confirm-two-factor.server";
import { listUsers } from "./list-users.server";
import { sendBroadcast } from "./send-broadcast.server";
import { startTwoFactorSetup } from "./start-two-factor-setup.server";
import { suspendUser } from "./suspend-user.server";
import { getTwoFactorStatus } from "./two-factor-status.server";

const BASE = "http://localhost:3000";
const db = () => getDb();

/** The actor a real request with this cookie carries. */
const requestActor = (cookie: string) => getSessionUser(new Request(`${BASE}/admin`, { headers: { cookie } }));

/** An admin signed in with the password alone (no second factor set up). */
async function adminWithoutSecondFactor() {
  const created = await createAdmin(db(), { twoFactor: false });
  const cookie = await sessionCookie(created.email);
  const actor = (await requestActor(cookie))!;
  return { created, cookie, actor };
}

/** Admin powers, each on fresh rows of its own. */
const ADMIN_POWERS: Record<string, (actor: SessionUser) => Promise<unknown>> = {
  listUsers: (a) => listUsers(a, { page: 1, search: "a" }),
  suspendUser: async (a) => suspendUser(a, { userId: (await createVisitor(db())).id, reason: "x" }),
  changeUserRole: async (a) => changeUserRole(a, { userId: (await createVisitor(db())).id, role: "business" }),
  listKycSubmissions: (a) => listKycSubmissions(a, { page: 1 }),
  approveKyc: async (a) => approveKyc(a, (await createKycSubmission(db(), { userId: (await createUser(db(), { role: "business" })).id })).id),
  approveBusiness: async (a) =>
    reviewListing(a, { decision: "approve", businessId: (await createBusiness(db(), { userId: (await createOwner(db())).id, status: "pending" })).id }),
  sendBroadcast: (a) => sendBroadcast(a, { title: "T", message: "M", targetAudience: "businesses", priority: "low" }),
};

describe("admins without a second factor (ASVS 6.3.3)", () => {
  it("are refused every admin use case with 'two-factor-required', and allowed all of them once it is on", async () => {
    const { created, cookie, actor } = await adminWithoutSecondFactor();
    expect(actor).toMatchObject({ isAdmin: true, twoFactorEnabled: false });
    for (const [name, power] of Object.entries(ADMIN_POWERS)) {
      expect(await refusal(power(actor)), name).toMatchObject({
        code: "forbidden",
        reason: "two-factor-required",
        title: ADMIN_TWO_FACTOR_REQUIRED.title,
        message: ADMIN_TWO_FACTOR_REQUIRED.text,
      });
    }
    // Nobody was suspended by the refused call.
    const [suspended] = await db().select({ n: user.id }).from(user).where(eq(user.banned, true)).limit(1);
    expect(suspended).toBeUndefined();

    await enableTwoFactorFor(db(), created.id);
    const withSecondFactor = (await requestActor(cookie))!;
    expect(withSecondFactor.twoFactorEnabled).toBe(true);
    for (const [name, power] of Object.entries(ADMIN_POWERS)) {
      const outcome = await power(withSecondFactor).then(
        () => "allowed",
        (error: unknown) => `refused: ${String(error)}`,
      );
      expect(outcome, name).toBe("allowed");
    }
  });

  it("see no ID document and no other people's conversations until it is on", async () => {
    const { actor } = await adminWithoutSecondFactor();
    const applicant = await createUser(db(), { role: "business" });
    const submission = await createKycSubmission(db(), { userId: applicant.id, idImageUrl: `${applicant.id}/x.webp` });
    expect(await refusal(getKycDocumentLink(actor, submission.id))).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });

    const owner = await createOwner(db());
    const business = await createBusiness(db(), { userId: owner.id });
    const visitor = await createVisitor(db());
    await createMessage(db(), { businessId: business.id, visitorId: visitor.id, senderId: visitor.id, recipientId: owner.id, message: "Private" });
    expect(await refusal(openConversation(actor, { businessId: business.id, visitorId: visitor.id }))).toMatchObject({ code: "not-found" });
    expect((await listConversations(actor, { businessId: business.id })).map((c) => c.visitorId)).toEqual([]);

    const full = await actorFor(await createAdmin(db()));
    expect(await getKycDocumentLink(full, submission.id)).toMatch(/^\/kyc-documents\//);
    expect(await openConversation(full, { businessId: business.id, visitorId: visitor.id })).toMatchObject({ messages: [{ text: "Private" }] });
    expect((await listConversations(full, { businessId: business.id })).map((c) => c.visitorId)).toEqual([visitor.id]);
  });

  it("are sent from every admin screen to /admin/security, which says why; their profile and messages still open", async () => {
    const { cookie } = await adminWithoutSecondFactor();
    const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
    for (const query of ["", "?tab=kyc", "?tab=users&q=a"]) {
      const thrown = (await adminLoader(args(new Request(`${BASE}/admin${query}`, { headers: { cookie } }))).then(
        () => null,
        (response: Response) => response,
      )) as Response | null;
      expect(thrown?.status, query).toBe(302);
      expect(thrown?.headers.get("location")).toBe("/admin/security");
    }
    const posted = (await adminAction(
      args(
        new Request(`${BASE}/admin`, {
          method: "POST",
          headers: { cookie, origin: BASE, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "cleanup" }).toString(),
        }),
      ),
    ).then(
      () => null,
      (response: Response) => response,
    )) as Response | null;
    expect(posted?.headers.get("location")).toBe("/admin/security");

    const security = await renderRoute(securityRoute, "/admin/security", { cookie });
    if (security.kind !== "page") throw new Error(`expected the security page, got a redirect to ${security.location}`);
    expect(security.status).toBe(200);
    expect(security.text).toContain(ADMIN_TWO_FACTOR_REQUIRED.text);
    expect(security.text).toContain("Set up two-factor sign-in");

    for (const [route, path] of [
      [profileRoute, "/profile"],
      [messagesRoute, "/messages"],
    ] as const) {
      const shown = await renderRoute(route, path, { cookie });
      expect(shown.kind, path).toBe("page");
      expect(shown.status, path).toBe(200);
    }
  });

  it("can set it up, and turning it on ends their other sessions (those that signed in with the password alone)", async () => {
    const { created, cookie, actor } = await adminWithoutSecondFactor();
    const otherCookie = await sessionCookie(created.email);
    expect(await requestActor(otherCookie)).not.toBeNull();
    expect(await getTwoFactorStatus(actor)).toEqual({ enabled: false, pendingSetup: false });
    const request = new Request(`${BASE}/admin/security`, { method: "POST", headers: { cookie, origin: BASE } });
    const setup = await startTwoFactorSetup(actor, { password: DEFAULT_PASSWORD, request });
    const { headers } = await confirmTwoFactor(actor, { code: totpCode((await storedTotpKey(created.email))!), request });
    const fresh = headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .filter((pair) => pair.includes("session_token=") && !pair.endsWith("="))
      .join("; ");
    expect(setup.secret).not.toBe("");
    expect(await requestActor(fresh)).toMatchObject({ id: created.id, twoFactorEnabled: true });
    // The session that never passed a second factor does not gain admin powers: it has ended.
    expect(await requestActor(otherCookie)).toBeNull();
    const left = await db().select({ id: session.id }).from(session).where(eq(session.userId, created.id));
    expect(left).toHaveLength(1);
  });
});
