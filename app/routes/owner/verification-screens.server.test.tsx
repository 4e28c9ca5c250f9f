/**
 * /dashboard/verification and /verification as people use them (issue 35): an owner's ladder without a provider (the way
 * through KYC, no CAC form, a check posted anyway answered 'not available'), a wrong code kept on the code step; the public page
 * explaining every level, linked from Help; a badge on the business page linking to it.
 */
import { describe, expect, it } from "vitest";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { deliveredMail } from "../../../tests/support/outbox";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "~/lib/db.server";
import { PHONE_TEXTS } from "~/features/accounts/phone.schemas";
import { LEVEL_EXPLAINED, LEVEL_ORDER, VERIFICATION_TEXTS } from "~/features/verification/verification.schemas";
import * as help from "../account/help";
import * as publicPage from "../public/verification";
import * as verification from "./verification";

const page = (r: Rendered) => {
  if (r.kind !== "page") throw new Error(`expected a page, got a redirect to ${r.location}`);
  return r;
};
const PATH = "/dashboard/verification";

describe("/dashboard/verification", () => {
  it("shows each listing's steps; without a provider the identity step points to KYC; refusals keep what was typed", async () => {
    const user = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: user.id, phoneNumber: `+234806${String(Date.now()).slice(-7)}` });
    const cookie = await sessionCookie(user.email);
    expect(await renderRoute(verification, PATH, { pattern: "dashboard/verification" })).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(PATH)}` });

    const start = page(await renderRoute(verification, PATH, { pattern: "dashboard/verification", cookie }));
    expect(start.text).toContain(listing.name);
    expect(start.text).toContain("Text a code to 0806");
    // The test server has no identity provider: the photo-ID KYC is the way, and no CAC form is offered.
    expect(start.text).toContain(VERIFICATION_TEXTS.noProvider);
    expect(start.html).not.toContain('name="rcNumber"');

    // Sent: the code step lives in the address (a live refresh of the page keeps it).
    const step = `${PATH}?sent=${listing.id}`;
    expect(await renderRoute(verification, PATH, { pattern: "dashboard/verification", cookie, form: { intent: "send-code", businessId: listing.id } })).toMatchObject({
      kind: "redirect", location: `${step}#listing-${listing.id}`,
    });
    const sent = page(await renderRoute(verification, step, { pattern: "dashboard/verification", cookie }));
    expect(sent.text).toContain(VERIFICATION_TEXTS.phoneCodeSent(listing.phoneNumber!.replace(/^\+234(\d{3})(\d{3})(\d{4})$/, "0$1 $2 $3")));
    expect(sent.html).toMatch(/name="intent" value="confirm-phone"/);
    const code = /code is (\d{6})\./.exec((await deliveredMail(500)).find((m) => m.to === listing.phoneNumber)?.text ?? "")![1]!;
    const wrong = page(
      await renderRoute(verification, step, {
        pattern: "dashboard/verification", cookie, form: { intent: "confirm-phone", businessId: listing.id, code: code === "000000" ? "111111" : "000000", phone: "0806 000 0000", byCall: "false" },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.wrongCode);
    // Still on the code step.
    expect(wrong.html).toMatch(/name="intent" value="confirm-phone"/);
    // Right: back to the page, which says so.
    expect(await renderRoute(verification, step, { pattern: "dashboard/verification", cookie, form: { intent: "confirm-phone", businessId: listing.id, code } })).toMatchObject({
      kind: "redirect", location: `${PATH}?done=phone#listing-${listing.id}`,
    });
    const done = page(await renderRoute(verification, `${PATH}?done=phone`, { pattern: "dashboard/verification", cookie }));
    expect(done.text).toContain(VERIFICATION_TEXTS.phoneVerified);
    expect(done.text).toMatch(/Phone verified · [A-Z][a-z]{2,3} \d{4}/);

    const company = page(await renderRoute(verification, PATH, { pattern: "dashboard/verification", cookie, form: { intent: "company", businessId: listing.id, rcNumber: "RC 7654321", consent: "yes" } }));
    expect(company.status).toBe(503);
    expect(company.text).toContain(VERIFICATION_TEXTS.noProvider);

    const identity = page(await renderRoute(verification, PATH, { pattern: "dashboard/verification", cookie, form: { intent: "identity", vnin: "AB123456789012CD", consent: "yes" } }));
    expect(identity.status).toBe(503);
    expect(identity.text).toContain(VERIFICATION_TEXTS.noProvider);
  });
});

describe("/verification", () => {
  it("explains every level (what it means, what it does not, how to get it) and Help links to it", async () => {
    const shown = page(await renderRoute(publicPage, "/verification", { pattern: "verification" }));
    for (const level of LEVEL_ORDER) {
      expect(shown.text).toContain(LEVEL_EXPLAINED[level].means);
      expect(shown.text).toContain(LEVEL_EXPLAINED[level].doesNotMean);
      expect(shown.text).toContain(LEVEL_EXPLAINED[level].how);
      expect(shown.html).toContain(`id="${level}"`);
    }
    expect(page(await renderRoute(help, "/help", { pattern: "help" })).html).toContain('href="/verification"');
  });
});
