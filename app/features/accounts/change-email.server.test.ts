/**
 * Adding or changing the e-mail address with a link (issue 33): the link goes to the new address, opening it only
 * asks, confirming changes the address once; an address on another account gets the same answer and its owner is
 * told; the old address is told of the change; a phone-only account gains an address it can then pay and reset with.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../../db/schema";
import { createAdmin, createOwner, createVisitor, DEFAULT_PASSWORD, uniqueEmail } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { startPayment } from "../payments/start-payment.server";
import { PAYMENT_TEXTS } from "../payments/payment-texts";
import { confirmEmailChange, EMAIL_CHANGE_TEXTS, emailChangeFor, requestEmailChange } from "./change-email.server";
import { confirmIdentity } from "./confirm-identity.server";
import { phoneOnlyEmail } from "./phone.schemas";
import type { SessionUser } from "./session-user";

const address = () => `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The person confirms it is them with their password, then asks for the change. */
async function ask(actor: SessionUser | null, email: string) {
  const proof = actor ? await confirmIdentity(actor, { password: DEFAULT_PASSWORD }) : undefined;
  return requestEmailChange(actor, { email, proof }, { clientAddress: address() });
}

/** The token in the newest confirmation link e-mailed to `to`. */
async function linkTokenTo(to: string): Promise<string> {
  const mail = (await deliveredMail(500)).find((m) => m.to === to && m.subject === "Confirm your e-mail address");
  const token = /confirm-email\?token=([A-Za-z0-9_.-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no link to ${to}`);
  return token;
}

describe("changing the e-mail address", () => {
  it("a link to the new address; opening it asks; confirming changes it once, verified; the old address is told", async () => {
    const visitor = await createVisitor(getDb());
    const actor = await actorFor(visitor);
    const next = uniqueEmail("moved");
    expect(await ask(actor, ` ${next.toUpperCase()} `)).toEqual({ email: next });
    const token = await linkTokenTo(next);
    // Opening only asks: nothing changed yet.
    expect(await emailChangeFor(token)).toEqual({ email: next, state: "pending" });
    expect((await getDb().select({ email: user.email }).from(user).where(eq(user.id, visitor.id)))[0]!.email).toBe(visitor.email);

    expect(await confirmEmailChange(token)).toEqual({ email: next });
    const [row] = await getDb().select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, visitor.id));
    expect(row).toEqual({ email: next, verified: true });
    expect((await deliveredMail(500)).some((m) => m.to === visitor.email && m.subject === "Your e-mail address was changed")).toBe(true);
    // Once: opened again, the link says it is done, and confirming again changes nothing.
    expect(await emailChangeFor(token)).toEqual({ email: next, state: "done" });
    expect(await refusal(confirmEmailChange(token))).toMatchObject({ code: "invalid", message: EMAIL_CHANGE_TEXTS.badLink });
    // Changed back and forth, an old link stays dead (the account row changed since it was made).
    const back = await ask({ ...actor, email: next }, visitor.email).then(() => linkTokenTo(visitor.email));
    await confirmEmailChange(back);
    expect(await emailChangeFor(token)).toBeNull();
    expect(await refusal(confirmEmailChange(token))).toMatchObject({ code: "invalid", message: EMAIL_CHANGE_TEXTS.badLink });
    // Tampered or foreign tokens are nothing.
    expect(await refusal(confirmEmailChange(`${token.slice(0, -2)}xx`))).toMatchObject({ code: "invalid" });
    expect(await refusal(confirmEmailChange("bm90.b3Vycw"))).toMatchObject({ code: "invalid" });
  });

  it("an address on another account: the same answer, no link, and that address's owner is told", async () => {
    const taken = await createVisitor(getDb());
    const actor = await actorFor(await createVisitor(getDb()));
    expect(await ask(actor, taken.email)).toEqual({ email: taken.email });
    const mails = (await deliveredMail(500)).filter((m) => m.to === taken.email);
    expect(mails.map((m) => m.subject)).toEqual(["Someone tried to use your e-mail address"]);
  });

  it("refuses what is not an address, the same address, and admins; keeps the field's message", async () => {
    const visitor = await createVisitor(getDb());
    const actor = await actorFor(visitor);
    for (const email of ["not an address", "", "x@phone-only.invalid"]) {
      expect(await refusal(ask(actor, email))).toMatchObject({ code: "invalid", fields: { email: EMAIL_CHANGE_TEXTS.invalid } });
    }
    expect(await refusal(ask(actor, visitor.email))).toMatchObject({ fields: { email: EMAIL_CHANGE_TEXTS.same } });
    const admin = await actorFor(await createAdmin(getDb()));
    expect(await refusal(ask(admin, uniqueEmail("admin-new")))).toMatchObject({ code: "forbidden" });
    expect(await refusal(ask(null, uniqueEmail("anon")))).toMatchObject({ code: "unauthenticated" });
  });

  it("an owner made by phone cannot pay until they add an address, then can", async () => {
    const owner = await createOwner(getDb());
    const standIn = phoneOnlyEmail(owner.id);
    await getDb().update(user).set({ email: standIn, emailVerified: false }).where(eq(user.id, owner.id));
    const actor = { ...(await actorFor(owner)), email: standIn };
    expect(await refusal(startPayment(actor, { type: "subscription", plan: "standard" }))).toMatchObject({ code: "invalid", message: PAYMENT_TEXTS.needsEmail.text });
    const real = uniqueEmail("owner-added");
    await ask(actor, real);
    await confirmEmailChange(await linkTokenTo(real));
    // No mail went to the stand-in address.
    expect((await deliveredMail(500)).some((m) => m.to === standIn)).toBe(false);
    const paying = await startPayment(await actorFor({ id: owner.id, email: real }), { type: "subscription", plan: "standard" });
    expect(paying.reference).toMatch(/^[a-z]+-[0-9a-f]{24}$/);
  });
});
