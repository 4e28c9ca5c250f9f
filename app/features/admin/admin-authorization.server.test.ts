import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, kycSubmissions } from "../../../db/schema";
import {
  createAdmin, createBusiness, createFeaturedRequest, createFeedback, createKycSubmission, createOwner, createUser, createVisitor,
  DEFAULT_PASSWORD,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { failedEmail } from "../../../tests/support/failed-deliveries";
import { signInCookie } from "../../../tests/support/two-factor";
import { refusal } from "../../../tests/support/refusals";
import { isAppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { getSessionUser } from "../accounts/session.server";
import type { SessionUser } from "../accounts/session-user";
import { getKycDocumentLink } from "../kyc/kyc-document-link.server";
import { approveKyc, rejectKyc } from "../kyc/review-kyc.server";
import { action as adminAction, loader as adminLoader } from "../../routes/admin/admin";
import { KYC_TEXTS } from "../kyc/kyc.schemas";
import { ADMIN_TEXTS } from "./admin.schemas";
import { runAdminAction } from "./admin-actions.server";
import { changeUserRole } from "./change-user-role.server";
import { cleanupOrphanedBusinesses } from "../listings/cleanup-orphaned-businesses.server";
import { countPendingWork } from "./count-pending-work.server";
import { deleteFeedback } from "../feedback/delete-feedback.server";
import { deleteKycSubmission } from "../kyc/delete-kyc-submission.server";
import { listApprovedBusinesses } from "../featured/list-approved-businesses.server";
import { listBroadcasts } from "./list-broadcasts.server";
import { listFailedDeliveries } from "./list-failed-deliveries.server";
import { listFeaturedRequests } from "../featured/list-featured-requests.server";
import { listFeedback } from "../feedback/list-feedback.server";
import { listKycSubmissions } from "../kyc/list-kyc-submissions.server";
import { listPendingBusinesses } from "../listings/list-pending-businesses.server";
import { listUserActivity } from "./list-user-activity.server";
import { listUsers } from "./list-users.server";
import { retryDelivery } from "./retry-delivery.server";
import { reviewListing } from "../listings/review-listing.server";
import { reviewFeaturedRequest } from "../featured/review-featured-request.server";
import { sendBroadcast } from "./send-broadcast.server";
import { setBusinessFeatured } from "../featured/set-business-featured.server";
import { suspendUser } from "./suspend-user.server";
import { unsuspendUser } from "./unsuspend-user.server";
import { updateFeedbackStatus } from "../feedback/update-feedback-status.server";

const BASE = "http://localhost:3000";

/** Every admin read and write, each on fresh rows of its own. */
const OPERATIONS: Record<string, (actor: SessionUser | null) => Promise<unknown>> = {
  listUsers: (a) => listUsers(a, { page: 1, search: "a" }),
  listUserActivity: async (a) => listUserActivity(a, (await createVisitor(getDb())).id),
  changeUserRole: async (a) => changeUserRole(a, { userId: (await createVisitor(getDb())).id, role: "business" }),
  suspendUser: async (a) => suspendUser(a, { userId: (await createVisitor(getDb())).id, reason: "x" }),
  unsuspendUser: async (a) => unsuspendUser(a, { userId: (await createUser(getDb(), { banned: true })).id }),
  countPendingWork: (a) => countPendingWork(a),
  listPendingBusinesses: (a) => listPendingBusinesses(a, { page: 1 }),
  approveBusiness: async (a) => reviewListing(a, { decision: "approve", businessId: (await pendingListing()).id }),
  rejectBusiness: async (a) => reviewListing(a, { decision: "reject", businessId: (await pendingListing()).id, reason: "No" }),
  listKycSubmissions: (a) => listKycSubmissions(a, { page: 1 }),
  approveKyc: async (a) => approveKyc(a, (await pendingKyc()).id),
  rejectKyc: async (a) => rejectKyc(a, (await pendingKyc()).id, "No"),
  deleteKycSubmission: async (a) => deleteKycSubmission(a, (await pendingKyc()).id),
  listFeaturedRequests: (a) => listFeaturedRequests(a, { page: 1 }),
  approveFeaturedRequest: async (a) => reviewFeaturedRequest(a, { requestId: (await pendingRequest()).id, status: "approved" }),
  rejectFeaturedRequest: async (a) => reviewFeaturedRequest(a, { requestId: (await pendingRequest()).id, status: "rejected" }),
  listApprovedBusinesses: (a) => listApprovedBusinesses(a, { page: 1 }),
  setBusinessFeatured: async (a) => setBusinessFeatured(a, { businessId: (await approvedListing()).id, featured: true }),
  cleanupOrphanedBusinesses: (a) => cleanupOrphanedBusinesses(a),
  sendBroadcast: (a) => sendBroadcast(a, { title: "T", message: "M", targetAudience: "businesses", priority: "low" }),
  listBroadcasts: (a) => listBroadcasts(a, { page: 1 }),
  listFeedback: (a) => listFeedback(a, { page: 1 }),
  updateFeedbackStatus: async (a) => updateFeedbackStatus(a, { feedbackId: (await createFeedback(getDb())).id, status: "resolved" }),
  deleteFeedback: async (a) => deleteFeedback(a, (await createFeedback(getDb())).id),
  listFailedDeliveries: (a) => listFailedDeliveries(a, { page: 1 }),
  retryDelivery: async (a) => retryDelivery(a, { id: (await failedEmail()).id, queue: "email" }),
};

let owner: Awaited<ReturnType<typeof createOwner>>;
async function pendingListing() {
  return createBusiness(getDb(), { userId: owner.id, status: "pending" });
}
async function approvedListing() {
  return createBusiness(getDb(), { userId: owner.id });
}
async function pendingKyc() {
  const applicant = await createUser(getDb(), { role: "business" });
  return createKycSubmission(getDb(), { userId: applicant.id });
}
async function pendingRequest() {
  return createFeaturedRequest(getDb(), { businessId: (await approvedListing()).id });
}

let signInAddress = 0;
/** Admins have two-factor on: the shared helper completes the code step. */
async function cookieFor(email: string): Promise<string> {
  return signInCookie(email, DEFAULT_PASSWORD, { baseUrl: BASE, clientAddress: `10.9.0.${++signInAddress}` });
}

/** The actor a real request carries: what getSessionUser makes of the cookie. */
async function requestActor(cookie: string | null): Promise<SessionUser | null> {
  return getSessionUser(new Request(`${BASE}/admin`, { headers: cookie ? { cookie } : {} }));
}

const actors: Record<string, { cookie: string | null; expected: "unauthenticated" | "forbidden" }> = {} as never;
let adminCookie: string;

beforeAll(async () => {
  owner = await createOwner(getDb());
  const visitor = await createVisitor(getDb());
  const business = await createOwner(getDb());
  const suspendedAdmin = await createAdmin(getDb());
  const admin = await createAdmin(getDb());
  adminCookie = await cookieFor(admin.email);
  actors.visitor = { cookie: await cookieFor(visitor.email), expected: "forbidden" };
  actors.business = { cookie: await cookieFor(business.email), expected: "forbidden" };
  // Signed in before the suspension: the session ends with it.
  actors["suspended admin"] = { cookie: await cookieFor(suspendedAdmin.email), expected: "unauthenticated" };
  await suspendUser(await actorFor(admin), { userId: suspendedAdmin.id, reason: "Compromised account" });
  actors.anonymous = { cookie: null, expected: "unauthenticated" };
});

const auditCount = async () => (await getDb().select({ n: count() }).from(auditLog))[0]!.n;

describe("every admin read and write is authorized on the server", () => {
  for (const who of ["visitor", "business", "suspended admin", "anonymous"]) {
    it(`refuses ${who} everything and changes nothing`, async () => {
      const { cookie, expected } = actors[who]!;
      const actor = await requestActor(cookie);
      if (who === "visitor" || who === "business") expect(actor).not.toBeNull();
      else expect(actor).toBeNull();
      for (const [name, operation] of Object.entries(OPERATIONS)) {
        const before = await auditCount();
        const outcome = await operation(actor).then(
          () => "allowed",
          (error: unknown) => (isAppError(error) ? error.code : `unexpected ${String(error)}`),
        );
        expect(outcome, `${name} as ${who}`).toBe(expected);
        expect(await auditCount(), `${name} as ${who} wrote to the audit log`).toBe(before);
      }
    });
  }

  it("allows an admin everything", async () => {
    const actor = await requestActor(adminCookie);
    expect(actor?.isAdmin).toBe(true);
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const outcome = await operation(actor).then(
        () => "allowed",
        (error: unknown) => `refused: ${String(error)}`,
      );
      expect(outcome, name).toBe("allowed");
    }
  });

  it("gives the KYC document link only to admins and the document's owner", async () => {
    const applicant = await createUser(getDb(), { role: "business" });
    const submission = await createKycSubmission(getDb(), { userId: applicant.id, idImageUrl: `${applicant.id}/x.webp` });
    for (const who of ["visitor", "business"]) {
      const actor = (await requestActor(actors[who]!.cookie))!;
      expect(await refusal(getKycDocumentLink(actor, submission.id)), who).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });
    }
    expect(await getKycDocumentLink((await requestActor(adminCookie))!, submission.id)).toMatch(/^\/kyc-documents\//);
    expect(await getKycDocumentLink(await actorFor(applicant), submission.id)).toMatch(/^\/kyc-documents\//);
  });
});

describe("the /admin route", () => {
  const get = (cookie: string | null, query = "") =>
    new Request(`${BASE}/admin${query}`, { headers: cookie ? { cookie } : {} });
  const post = (cookie: string | null, fields: Record<string, string>) =>
    new Request(`${BASE}/admin`, {
      method: "POST",
      headers: { ...(cookie ? { cookie } : {}), origin: BASE, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

  async function outcome(promise: Promise<unknown>) {
    try {
      return { value: await promise };
    } catch (thrown) {
      return { thrown: thrown as Response };
    }
  }

  it("sends anonymous users and the suspended admin to /login, visitors home", async () => {
    for (const cookie of [null, actors["suspended admin"]!.cookie]) {
      const { thrown } = await outcome(adminLoader(args(get(cookie))));
      expect(thrown?.status).toBe(302);
      expect(thrown?.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin")}`);
      const posted = await outcome(adminAction(args(post(cookie, { intent: "cleanup" }))));
      expect(posted.thrown?.status).toBe(302);
    }
    const visitor = await outcome(adminLoader(args(get(actors.visitor!.cookie))));
    expect(visitor.thrown?.headers.get("location")).toBe("/");
  });

  it("shows business users 'Access Denied' and no data, and refuses their actions", async () => {
    const { value } = await outcome(adminLoader(args(get(actors.business!.cookie, "?tab=kyc"))));
    const loaded = value as { type: string; data: unknown; init: { status: number } };
    expect(loaded.init.status).toBe(403);
    expect(loaded.data).toEqual({ denied: true });
    const submission = await pendingKyc();
    const kycBefore = await getDb().select({ n: count() }).from(kycSubmissions);
    const posted = (await adminAction(args(post(actors.business!.cookie, { intent: "approve-kyc", targetId: submission.id })))) as unknown as {
      data: { ok: boolean; title: string; text: string };
      init: { status: number };
    };
    expect(posted.init.status).toBe(403);
    expect(posted.data).toMatchObject({ ok: false, title: ADMIN_TEXTS.accessDenied.title, text: ADMIN_TEXTS.accessDenied.text });
    const [row] = await getDb().select({ status: kycSubmissions.status }).from(kycSubmissions).where(eq(kycSubmissions.id, submission.id));
    expect(row!.status).toBe("pending");
    const kycAfter = await getDb().select({ n: count() }).from(kycSubmissions);
    expect(kycAfter[0]!.n).toBe(kycBefore[0]!.n);
  });

  it("gives admins the tab they ask for, paged on the server", async () => {
    const value = (await adminLoader(args(get(adminCookie, "?tab=feedback&page=1")))) as {
      denied: false;
      tab: string;
      data: { tab: string; entries: { rows: unknown[]; page: number } };
    };
    expect(value).toMatchObject({ denied: false, tab: "feedback", data: { tab: "feedback", entries: { page: 1 } } });
    const unknown = (await adminLoader(args(get(adminCookie, "?tab=nope&page=-3")))) as { tab: string; page: number };
    expect(unknown).toMatchObject({ tab: "users", page: 1 });
  });

  it("answers a non-admin's direct call of the panel's action runner with Access Denied", async () => {
    const visitor = await requestActor(actors.visitor!.cookie);
    const data = new FormData();
    data.set("intent", "cleanup");
    const result = await runAdminAction(visitor, data);
    expect(result).toMatchObject({ status: 403, result: { ok: false, title: ADMIN_TEXTS.accessDenied.title, text: ADMIN_TEXTS.accessDenied.text } });
  });
});
