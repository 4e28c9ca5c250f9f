import { describe, expect, it } from "vitest";
import { businesses, savedBusinesses } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { SAVED_TEXTS } from "../../lib/saved-businesses";
import { getDb } from "../../lib/db.server";
import { renderRoute, sessionCookie } from "../../../tests/support/screen-harness";
import { eq } from "drizzle-orm";
import * as offlineRoute from "./offline";
import * as savedRoute from "./saved";
import * as businessRoute from "../public/business-detail";
import * as businessesRoute from "../public/businesses";

async function signedInVisitor() {
  const visitor = await createVisitor(getDb());
  return { visitor, cookie: await sessionCookie(visitor.email) };
}

async function listing(name: string) {
  const owner = await createOwner(getDb());
  return createBusiness(getDb(), { userId: owner.id, name, category: "Bakery", state: "Lagos" });
}

describe("/saved", () => {
  it("anonymous visitors get the device list's page: an explanation without JavaScript, the list's container, no account rows", async () => {
    const page = await renderRoute(savedRoute, "/saved");
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<noscript>");
    expect(page.text).toContain("Save keeps businesses on this device, which needs JavaScript");
    expect(page.html).toContain('data-enhance="saved-list"');
    expect(page.html).not.toContain('name="intent" value="unsave"');
  });

  it("a signed-in user's list comes from the account, newest first, and an unpublished listing says so", async () => {
    const { visitor, cookie } = await signedInVisitor();
    const kept = await listing("Kept Bakery");
    const gone = await listing("Gone Bakery");
    await getDb().insert(savedBusinesses).values([
      { userId: visitor.id, businessId: kept.id, createdAt: new Date(Date.now() - 60_000) },
      { userId: visitor.id, businessId: gone.id },
    ]);
    await getDb().update(businesses).set({ approved: false, approvalStatus: "rejected" }).where(eq(businesses.id, gone.id));
    const page = await renderRoute(savedRoute, "/saved", { cookie });
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.text).toContain("2 of 500 saved to your account");
    expect(page.text.indexOf("Gone Bakery")).toBeLessThan(page.text.indexOf("Kept Bakery"));
    expect(page.text).toContain(SAVED_TEXTS.unpublished);
    expect(page.html).toContain(`href="/businesses/${kept.id}"`);
    expect(page.html).not.toContain(`href="/businesses/${gone.id}"`);
    expect(page.html).not.toContain('data-enhance="saved-list"');
  });

  it("Save and Remove post and go back where they were; a refusal is shown with a way back", async () => {
    const { visitor, cookie } = await signedInVisitor();
    const bakery = await listing("Posted Bakery");
    const back = `/businesses/${bakery.id}`;
    expect(await renderRoute(savedRoute, "/saved", { cookie, form: { intent: "save", businessId: bakery.id, back } })).toMatchObject({ kind: "redirect", location: back });
    expect(await getDb().select().from(savedBusinesses).where(eq(savedBusinesses.userId, visitor.id))).toHaveLength(1);
    // A path that leaves the site is not followed.
    expect(await renderRoute(savedRoute, "/saved", { cookie, form: { intent: "unsave", businessId: bakery.id, back: "//evil.example/x" } })).toMatchObject({ kind: "redirect", location: "/saved" });
    expect(await getDb().select().from(savedBusinesses).where(eq(savedBusinesses.userId, visitor.id))).toHaveLength(0);
    const refused = await renderRoute(savedRoute, "/saved", { cookie, form: { intent: "save", businessId: "not-an-id", back } });
    if (refused.kind !== "page") throw new Error("expected a page");
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(SAVED_TEXTS.notFound.text);
    expect(refused.html).toContain(`href="${back}"`);
  });

  it("anonymous visitors posting Save are told to sign in (their saves stay on the device)", async () => {
    const bakery = await listing("Anonymous Bakery");
    const page = await renderRoute(savedRoute, "/saved", { form: { intent: "save", businessId: bakery.id, back: "/" } });
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.status).toBe(401);
    expect(page.text).toContain(SAVED_TEXTS.signInRequired.text);
  });
});

describe("/offline", () => {
  it("says what is readable without a connection and links to /saved", async () => {
    const page = await renderRoute(offlineRoute, "/offline");
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.text).toContain("You are offline");
    expect(page.html).toContain('href="/saved"');
  });
});

describe("a signed-in user's saves on the pages", () => {
  /** The Save form of a business on a rendered page: its intent and its button's label and pressed state. */
  function saveFormOf(html: string, businessId: string) {
    const form = html.match(new RegExp(`<form[^>]*data-id="${businessId}"[\\s\\S]*?</form>`))?.[0] ?? "";
    return {
      intent: form.match(/name="intent" value="(\w+)"/)?.[1],
      label: form.match(/<button[^>]*>([^<]*)<\/button>/)?.[1],
      pressed: form.match(/aria-pressed="(\w+)"/)?.[1],
    };
  }

  it("the business page and its card say 'Saved' (and remove it) once saved; for another user and anonymous visitors, 'Save'", async () => {
    const { visitor, cookie } = await signedInVisitor();
    const other = await signedInVisitor();
    const word = `Savedstate${Date.now().toString(36)}`;
    const bakery = await listing(`${word} Bakery`);
    await getDb().insert(savedBusinesses).values({ userId: visitor.id, businessId: bakery.id });
    const pages = [
      { module: businessRoute, path: `/businesses/${bakery.id}`, pattern: "businesses/:id" },
      { module: businessesRoute, path: `/businesses?q=${word}`, pattern: undefined },
    ];
    for (const { module, path, pattern } of pages) {
      const mine = await renderRoute(module, path, { cookie, pattern });
      if (mine.kind !== "page") throw new Error(`expected a page at ${path}`);
      expect(saveFormOf(mine.html, bakery.id)).toEqual({ intent: "unsave", label: "Saved", pressed: "true" });
      const theirs = await renderRoute(module, path, { cookie: other.cookie, pattern });
      if (theirs.kind !== "page") throw new Error(`expected a page at ${path}`);
      expect(saveFormOf(theirs.html, bakery.id)).toEqual({ intent: "save", label: "Save", pressed: "false" });
      const anonymous = await renderRoute(module, path, { pattern });
      if (anonymous.kind !== "page") throw new Error(`expected a page at ${path}`);
      expect(saveFormOf(anonymous.html, bakery.id)).toEqual({ intent: "save", label: "Save", pressed: "false" });
    }
  });
});
