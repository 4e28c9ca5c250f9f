/**
 * /business/claim/:id as an owner uses it (issue 34): from the business page's 'Is this your business? Claim it', a code
 * to the listing's phone, a wrong code kept on the code step with its reason, the right one to the listing's edit page
 * with 'is yours now'; a visitor reads that it needs a business account.
 */
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { createOwner, createVisitor } from "../../../db/seed/factories";
import { deliveredMail } from "../../../tests/support/outbox";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "~/lib/db.server";
import { PHONE_TEXTS } from "~/features/accounts/phone.schemas";
import { CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import * as detail from "../public/business-detail";
import * as claim from "./business-claim";
import * as edit from "./business-edit";
import * as dashboard from "./dashboard";

const page = (r: Rendered) => {
  if (r.kind !== "page") throw new Error(`expected a page, got a redirect to ${r.location}`);
  return r;
};

describe("/business/claim/:id", () => {
  it("an owner claims an imported listing with the code sent to its phone", async () => {
    const phone = `+234807${String(Date.now()).slice(-7)}`;
    const name = `Claimable ${Date.now()}`;
    const [listing] = await getDb()
      .insert(businesses)
      .values({ name, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", phoneNumber: phone, approved: true, approvalStatus: "approved", source: "osm", sourceId: `node/${Date.now()}` })
      .returning();
    const path = `/business/claim/${listing!.id}`;
    const shown = page(await renderRoute(detail, `/businesses/${listing!.id}`, { pattern: "businesses/:id" }));
    expect(shown.html).toContain(`href="${path}"`);
    expect(shown.text).toContain(CLAIM_TEXTS.prompt);

    const anonymous = await renderRoute(claim, path, { pattern: "business/claim/:id" });
    expect(anonymous).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(path)}` });

    const visitorCookie = await sessionCookie((await createVisitor(getDb())).email);
    expect(page(await renderRoute(claim, path, { pattern: "business/claim/:id", cookie: visitorCookie })).text).toContain(CLAIM_TEXTS.businessAccountNeeded);

    // An owner who has not verified their identity yet: proving the listing's phone is enough to claim it.
    const cookie = await sessionCookie((await createOwner(getDb(), { kycStatus: "none" })).email);
    const start = page(await renderRoute(claim, path, { pattern: "business/claim/:id", cookie }));
    expect(start.text).toContain(CLAIM_TEXTS.title(name));
    expect(start.text).toContain(CLAIM_TEXTS.sendSms(phone));
    // Sent: the code step lives in the address (a live refresh of the page's data keeps it).
    expect(await renderRoute(claim, path, { pattern: "business/claim/:id", cookie, form: { intent: "send-code" } })).toMatchObject({ kind: "redirect", location: `${path}?code=sent` });
    const sent = page(await renderRoute(claim, `${path}?code=sent`, { pattern: "business/claim/:id", cookie }));
    expect(sent.text).toContain(CLAIM_TEXTS.sentSms(phone));
    expect(sent.html).toMatch(/autoComplete="one-time-code"/);
    const code = /code is (\d{6})\./.exec((await deliveredMail(500)).find((m) => m.to === phone)?.text ?? "")![1]!;

    const wrong = page(await renderRoute(claim, path, { pattern: "business/claim/:id", cookie, form: { intent: "claim", code: code === "000000" ? "111111" : "000000", phone, byCall: "false" } }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(PHONE_TEXTS.wrongCode);
    expect(wrong.html).toMatch(/name="intent" value="claim"/);

    const done = await renderRoute(claim, path, { pattern: "business/claim/:id", cookie, form: { intent: "claim", code, phone, byCall: "false" } });
    expect(done).toMatchObject({ kind: "redirect", location: `/business/edit/${listing!.id}?claimed=1` });
    const edited = page(await renderRoute(edit, `/business/edit/${listing!.id}?claimed=1`, { pattern: "business/edit/:id", cookie }));
    expect(edited.text).toContain(CLAIM_TEXTS.claimed(name));
    // Their dashboard lists it, though their other listings would wait for identity verification.
    const board = page(await renderRoute(dashboard, "/dashboard", { pattern: "dashboard", cookie }));
    expect(board.text).toContain(name);
  });
});
