import { describe, expect, it } from "vitest";
import { createAdmin, createKycSubmission, createOwner, createUser } from "../db/seed/factories";
import { getKycDocumentLink } from "../app/features/kyc/kyc-document-link.server";
import { KYC_TEXTS } from "../app/features/kyc/kyc.schemas";
import { getDb } from "../app/lib/db.server";
import { signPath } from "../app/lib/signed-url.server";
import { getStorage } from "../app/lib/storage.server";
import { actorFor } from "../tests/support/actors";
import { pngImage } from "../tests/support/images";
import { sessionCookie } from "../tests/support/screen-harness";
import { testApp } from "../tests/support/server";

const BASE = "http://localhost:3000";

/** An owner's submission with a stored document, and a signed link for the owner and one for an admin. */
async function scene() {
  const owner = await createUser(getDb(), { role: "business" });
  const key = `${owner.id}/id.webp`;
  await getStorage().put("kyc-documents", key, await pngImage(), "image/webp");
  const submission = await createKycSubmission(getDb(), { userId: owner.id, idImageUrl: key });
  const admin = await createAdmin(getDb());
  return {
    owner,
    admin,
    submission,
    ownerLink: await getKycDocumentLink(await actorFor(owner), submission.id),
    adminLink: await getKycDocumentLink(await actorFor(admin), submission.id),
  };
}

async function open(app: ReturnType<typeof testApp>, link: string, cookie?: string) {
  const response = await app.request(`${BASE}${link}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, cacheControl: response.headers.get("cache-control"), type: response.headers.get("content-type"), body: await response.text() };
}

const refused = { status: 404, cacheControl: "no-store", body: KYC_TEXTS.unableToLoad };

describe("GET /kyc-documents/:id (signed link AND the viewer's session)", () => {
  it("opens only for the signed-in viewer the link was made for, who may see it; never cached", async () => {
    const app = testApp();
    const { owner, admin, ownerLink, adminLink } = await scene();
    const ownerCookie = await sessionCookie(owner.email);
    const adminCookie = await sessionCookie(admin.email);
    const strangerCookie = await sessionCookie((await createOwner(getDb())).email);

    // A valid link alone is no longer a bearer token: without a session, or with someone else's, nothing.
    expect(await open(app, ownerLink)).toMatchObject(refused);
    expect(await open(app, adminLink)).toMatchObject(refused);
    expect(await open(app, ownerLink, strangerCookie)).toMatchObject(refused);
    // Made for one viewer: another person who could see the document still needs their own link.
    expect(await open(app, ownerLink, adminCookie)).toMatchObject(refused);
    expect(await open(app, adminLink, ownerCookie)).toMatchObject(refused);

    for (const [link, cookie] of [
      [ownerLink, ownerCookie],
      [adminLink, adminCookie],
    ] as const) {
      expect(await open(app, link, cookie)).toMatchObject({ status: 200, type: "image/webp", cacheControl: "private, no-store" });
    }
  });

  it("lives a few minutes: the link expires 5 minutes after it is made, and an expired one opens nothing", async () => {
    const app = testApp();
    const { owner, submission, ownerLink } = await scene();
    const cookie = await sessionCookie(owner.email);
    const expires = Number(new URL(ownerLink, BASE).searchParams.get("expires"));
    const left = expires - Math.floor(Date.now() / 1000);
    expect(left).toBeGreaterThan(290);
    expect(left).toBeLessThanOrEqual(300);

    const expired = signPath(`/kyc-documents/${submission.id}`, owner.id, 300, Date.now() - 301_000);
    expect(await open(app, expired, cookie)).toMatchObject(refused);
    const fresh = signPath(`/kyc-documents/${submission.id}`, owner.id, 300);
    expect(await open(app, fresh, cookie)).toMatchObject({ status: 200 });
  });
});
