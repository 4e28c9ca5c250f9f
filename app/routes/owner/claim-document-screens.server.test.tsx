/**
 * /business/claim/:id's claims an admin reviews (issue 34): 'I no longer have this number' (or a listing without a phone)
 * opens the document form; an owner whose identity is not verified is sent to KYC and keeps what they typed; a bad file
 * is named beside its field; a sent claim shows as waiting, with Withdraw; a second claimant of an owned listing asks
 * for a review with the same form; the owner's own listing says it is theirs.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingClaims } from "../../../db/schema";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { executableProblems } from "../../../tests/support/html-safety";
import { textAsPng } from "../../../tests/support/images";
import { documentPhoto, importedListing } from "../../../tests/support/listing-claims";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "~/lib/db.server";
import { formatDate } from "~/lib/format";
import { KYC_TEXTS } from "~/features/kyc/kyc.schemas";
import { CLAIM_DOCUMENT_LABELS, CLAIM_DOCUMENT_TEXTS, CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import * as detail from "../public/business-detail";
import * as claim from "./business-claim";

const PATTERN = "business/claim/:id";
const page = (r: Rendered) => {
  if (r.kind !== "page") throw new Error(`expected a page, got a redirect to ${r.location}`);
  return r;
};
function documentForm(fields: Record<string, string>, file: File | null) {
  const form = new FormData();
  form.set("intent", "claim-by-document");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("document", file);
  return form;
}
const claimsOf = (businessId: string) => getDb().select().from(listingClaims).where(eq(listingClaims.businessId, businessId));

describe("/business/claim/:id: a claim by document", () => {
  it("an owner whose identity is not verified is told to verify it first, and keeps what they typed", async () => {
    const listing = await importedListing({ phone: null });
    const path = `/business/claim/${listing.id}`;
    const cookie = await sessionCookie((await createOwner(getDb(), { kycStatus: "none" })).email);
    const shown = page(await renderRoute(claim, path, { pattern: PATTERN, cookie }));
    expect(shown.text).toContain(CLAIM_TEXTS.noPhone);
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.documentTitle);
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.kycHint);
    expect(shown.html).toContain('href="/kyc-verification"');
    expect(shown.html).toContain('encType="multipart/form-data"');
    for (const label of Object.values(CLAIM_DOCUMENT_LABELS)) expect(shown.text).toContain(label);

    const note = "I have run this chemist since 2019 <script>alert(1)</script>";
    const refused = page(await renderRoute(claim, path, { pattern: PATTERN, cookie, form: documentForm({ documentKind: "lease", note }, await documentPhoto()) }));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(CLAIM_DOCUMENT_TEXTS.kycNeeded.text);
    expect(refused.html).toContain('href="/kyc-verification"');
    expect(refused.html).toMatch(/<option value="lease" selected="">/);
    expect(refused.html).toContain("I have run this chemist since 2019 &lt;script&gt;alert(1)&lt;/script&gt;</textarea>");
    expect(executableProblems(refused.html)).toEqual([]);
    expect(await claimsOf(listing.id)).toEqual([]);
  });

  it("a verified owner who lost the number sends a document: a bad file is named, a good one waits for review, and Withdraw takes it back", async () => {
    const listing = await importedListing();
    const path = `/business/claim/${listing.id}`;
    const cookie = await sessionCookie((await createOwner(getDb())).email);
    const shown = page(await renderRoute(claim, path, { pattern: PATTERN, cookie }));
    expect(shown.text).toContain(CLAIM_TEXTS.sendSms(listing.phoneNumber!));
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.lostNumber);
    expect(shown.html).toMatch(/<details class="[^"]*">\s*<summary[^>]*>I no longer have this number<\/summary>/);
    expect(shown.text).not.toContain(CLAIM_DOCUMENT_TEXTS.kycHint);

    const note = "The signboard photo shows me at the shop.";
    const bad = page(await renderRoute(claim, path, { pattern: PATTERN, cookie, form: documentForm({ documentKind: "signboard-photo", note }, textAsPng()) }));
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/<details class="[^"]*" open="">/);
    expect(bad.html).toContain(`id="claim-document-error" role="alert" class="mt-1 text-sm text-red-600">${KYC_TEXTS.invalidType.text}`);
    expect(bad.html).toContain(`${note}</textarea>`);
    const blank = page(await renderRoute(claim, path, { pattern: PATTERN, cookie, form: documentForm({ documentKind: "", note: "" }, null) }));
    expect(blank.status).toBe(400);
    for (const text of [CLAIM_DOCUMENT_TEXTS.documentKindRequired, CLAIM_DOCUMENT_TEXTS.noteRequired, CLAIM_DOCUMENT_TEXTS.documentRequired]) expect(blank.text).toContain(text);

    const sent = await renderRoute(claim, path, { pattern: PATTERN, cookie, form: documentForm({ documentKind: "signboard-photo", note }, await documentPhoto()) });
    expect(sent).toMatchObject({ kind: "redirect", location: `${path}?sent=1` });
    const [waiting] = await claimsOf(listing.id);
    const after = page(await renderRoute(claim, `${path}?sent=1`, { pattern: PATTERN, cookie }));
    expect(after.text).toContain(CLAIM_DOCUMENT_TEXTS.sent);
    expect(after.text).toContain(`We are reviewing your claim, sent ${formatDate(waiting!.createdAt)}.`);
    expect(after.text).toContain(CLAIM_DOCUMENT_TEXTS.pendingDocument("signboard-photo"));
    expect(after.html).toContain(`name="claimId" value="${waiting!.id}"`);
    expect(after.text).not.toContain(CLAIM_DOCUMENT_TEXTS.lostNumber);

    const withdrawn = await renderRoute(claim, path, { pattern: PATTERN, cookie, form: { intent: "withdraw-claim", claimId: waiting!.id } });
    expect(withdrawn).toMatchObject({ kind: "redirect", location: `${path}?withdrawn=1` });
    const back = page(await renderRoute(claim, `${path}?withdrawn=1`, { pattern: PATTERN, cookie }));
    expect(back.text).toContain(CLAIM_DOCUMENT_TEXTS.withdrawn);
    expect(back.text).toContain(CLAIM_DOCUMENT_TEXTS.lostNumber);
    expect((await claimsOf(listing.id))[0]).toMatchObject({ status: "withdrawn", documentKey: null });
  });

  it("a second claimant of an owned listing asks for a review from its page; its owner reads that it is theirs", async () => {
    const holder = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: holder.id });
    const path = `/business/claim/${owned.id}`;
    const publicPage = page(await renderRoute(detail, `/businesses/${owned.id}`, { pattern: "businesses/:id" }));
    expect(publicPage.html).toContain(`href="${path}"`);
    expect(publicPage.text).toContain(CLAIM_DOCUMENT_TEXTS.ownedPrompt);

    const cookie = await sessionCookie((await createOwner(getDb())).email);
    const shown = page(await renderRoute(claim, path, { pattern: PATTERN, cookie }));
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.disputeTitle);
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.disputeIntro);
    expect(shown.text).toContain(CLAIM_DOCUMENT_TEXTS.disputeSubmit);
    expect(shown.html).not.toContain('value="send-code"');
    const sent = await renderRoute(claim, path, { pattern: PATTERN, cookie, form: documentForm({ documentKind: "cac-certificate", note: "The CAC certificate names me." }, await documentPhoto()) });
    expect(sent).toMatchObject({ kind: "redirect", location: `${path}?sent=1` });
    expect((await claimsOf(owned.id))[0]).toMatchObject({ kind: "dispute", status: "pending" });

    const own = page(await renderRoute(claim, path, { pattern: PATTERN, cookie: await sessionCookie(holder.email) }));
    expect(own.text).toContain(CLAIM_TEXTS.alreadyYours.text);
    expect(own.html).toContain('href="/dashboard"');
    expect(own.text).not.toContain("The CAC certificate names me.");
  });
});
