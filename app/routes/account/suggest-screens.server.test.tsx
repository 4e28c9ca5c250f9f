/**
 * The suggestion screens (issue 34): /suggest (a missing business, 'Is it one of these?', the person's own list) and
 * /suggest/{id} (a change to a listing), run as React Router runs them and rendered to HTML. Every refusal keeps what
 * was typed and names the problem; nothing typed is ever markup.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listingSuggestions } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { setCount } from "../../../tests/support/rate-limits";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import { suggestionLimitKey } from "../../features/suggestions/suggest-missing-business.server";
import { SUGGESTION_LIMITS, SUGGESTION_TEXTS } from "../../features/suggestions/suggestion.schemas";
import { getDb } from "../../lib/db.server";
import * as suggestRoute from "./suggest";
import * as businessRoute from "../public/business-detail";
import * as businessesRoute from "../public/businesses";
import * as helpRoute from "./help";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const suggestionsOf = (userId: string) => getDb().select().from(listingSuggestions).where(eq(listingSuggestions.userId, userId));
const CHANGE = "suggest/:id";

async function signedIn() {
  const visitor = await createVisitor(getDb());
  return { visitor, cookie: await sessionCookie(visitor.email) };
}

const missingForm = (extra: Record<string, string> = {}) => ({
  name: `${word()} ${word()}`,
  category: "Tailor",
  state: "Enugu",
  lga: "Enugu North",
  address: "7 Ogui Road",
  phone: "",
  note: "My tailor for years.",
  ...extra,
});

/** A form with a field posted more than once (the change form's ticked fields). */
function formData(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return form;
}

describe("/suggest", () => {
  it("sends a signed-out visitor to log in and back, for the page, a listing's page and a post", async () => {
    expect(await renderRoute(suggestRoute, "/suggest")).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent("/suggest")}` });
    const id = randomUUID();
    expect(await renderRoute(suggestRoute, `/suggest/${id}`, { pattern: CHANGE })).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(`/suggest/${id}`)}` });
    expect((await renderRoute(suggestRoute, "/suggest", { form: missingForm() })).kind).toBe("redirect");
  });

  it("shows the form and an empty list; a sent suggestion lands on the thanks, listed as waiting", async () => {
    const { visitor, cookie } = await signedIn();
    const shown = page(await renderRoute(suggestRoute, "/suggest", { cookie }));
    expect(shown.text).toContain(SUGGESTION_TEXTS.pageTitle);
    for (const field of ["name", "category", "state", "lga", "address", "phone", "note"]) expect(shown.html).toContain(`name="${field}"`);
    expect(shown.text).toContain(SUGGESTION_TEXTS.mineEmpty);
    expect(shown.text).not.toContain(SUGGESTION_TEXTS.sent.title);

    const form = missingForm();
    const sent = await renderRoute(suggestRoute, "/suggest", { cookie, form });
    expect(sent).toMatchObject({ kind: "redirect", location: "/suggest?sent=1" });
    const after = page(await renderRoute(suggestRoute, "/suggest?sent=1", { cookie }));
    expect(after.text).toContain(SUGGESTION_TEXTS.sent.title);
    expect(after.text).toContain(form.name);
    expect(after.text).toContain("Waiting for an admin");
    expect(after.text).toContain("Missing business");
    expect(await suggestionsOf(visitor.id)).toHaveLength(1);
  });

  it("a refused form names each problem beside its field and keeps everything typed", async () => {
    const { visitor, cookie } = await signedIn();
    const typed = missingForm({ name: "<b>X</b>", category: "", lga: "Ikeja", phone: "not a phone", note: "Keep <i>this</i> note" });
    const refused = page(await renderRoute(suggestRoute, "/suggest", { cookie, form: typed }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(SUGGESTION_TEXTS.correctFields);
    for (const message of [LISTING_TEXTS.categoryRequired, LISTING_TEXTS.lgaNotInState("Enugu"), LISTING_TEXTS.phoneInvalid]) expect(refused.text).toContain(message);
    expect(refused.html).toContain('value="&lt;b&gt;X&lt;/b&gt;"');
    expect(refused.html).toContain('value="7 Ogui Road"');
    expect(refused.html).toContain('value="not a phone"');
    expect(refused.html).toContain("Keep &lt;i&gt;this&lt;/i&gt; note");
    expect(refused.html).not.toContain("<b>X</b>");
    expect(refused.html).toMatch(/<option value="Enugu" selected="">/);
    expect(await suggestionsOf(visitor.id)).toEqual([]);
  });

  it("asks 'Is it one of these?' with links to the listings, keeps the form, and sends it on 'No, it's a different business'", async () => {
    const { visitor, cookie } = await signedIn();
    const twin = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: `Nkechi ${word()} Stitches`, state: "Enugu", lga: "Enugu North", phoneNumber: null });
    const form = missingForm({ name: twin.name });
    const asked = page(await renderRoute(suggestRoute, "/suggest", { cookie, form }));
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(SUGGESTION_TEXTS.similarTitle);
    expect(hrefs(asked.html)).toContain(`/businesses/${twin.id}`);
    expect(asked.html.match(/<button[^>]*name="notDuplicate"[^>]*>/)?.[0]).toMatch(/type="submit".*value="1"/);
    expect(asked.text).toContain(SUGGESTION_TEXTS.notDuplicate);
    expect(asked.html).toContain(`value="${twin.name}"`);
    expect(asked.text).toContain("My tailor for years.");
    expect(await suggestionsOf(visitor.id)).toEqual([]);

    const sent = await renderRoute(suggestRoute, "/suggest", { cookie, form: { ...form, notDuplicate: "1" } });
    expect(sent).toMatchObject({ kind: "redirect", location: "/suggest?sent=1" });
    expect(await suggestionsOf(visitor.id)).toHaveLength(1);
  });

  it(`after ${SUGGESTION_LIMITS.perDay} suggestions in a day says so, keeping what was typed`, async () => {
    const { visitor, cookie } = await signedIn();
    await setCount(suggestionLimitKey(visitor.id), SUGGESTION_LIMITS.perDay);
    const form = missingForm();
    const limited = page(await renderRoute(suggestRoute, "/suggest", { cookie, form }));
    expect(limited.status).toBe(429);
    expect(limited.text).toContain(SUGGESTION_TEXTS.rateLimited);
    expect(limited.html).toContain(`value="${form.name}"`);
    expect(await suggestionsOf(visitor.id)).toEqual([]);
  });

  it("is linked from an empty results page, the help page and every business page ('Suggest an edit', a plain link)", async () => {
    const results = page(await renderRoute(businessesRoute, `/businesses?q=${word()}${word()}`));
    expect(results.text).toContain("Know a business we're missing?");
    expect(hrefs(results.html)).toContain("/suggest");
    expect(hrefs(page(await renderRoute(helpRoute, "/help")).html)).toContain("/suggest");
    const listing = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id });
    const detail = page(await renderRoute(businessRoute, `/businesses/${listing.id}`, { pattern: "businesses/:id" }));
    expect(detail.html).toMatch(new RegExp(`<a href="/suggest/${listing.id}"[^>]*>Suggest an edit</a>`));
  });
});

describe("/suggest/{id}", () => {
  it("shows the listing as it is now and the three choices; the owner is sent to edit it instead, with no form", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Iya <Ronke> Foods", lga: "Ikeja", address: "4 Opebi Road" });
    const { cookie } = await signedIn();
    const shown = page(await renderRoute(suggestRoute, `/suggest/${listing.id}`, { cookie, pattern: CHANGE }));
    expect(shown.text).toContain(SUGGESTION_TEXTS.changeTitle);
    expect(shown.html).toContain("Iya &lt;Ronke&gt; Foods");
    for (const label of ["Something is wrong", "It has closed", "It has moved", "Now: 4 Opebi Road", "Now: 0803 000 0000"]) expect(shown.text).toContain(label);
    expect(shown.html.match(/<input[^>]*id="kind-edit"[^>]*>/)?.[0]).toMatch(/checked=""/);

    const own = page(await renderRoute(suggestRoute, `/suggest/${listing.id}`, { cookie: await sessionCookie(owner.email), pattern: CHANGE }));
    expect(own.status).toBe(403);
    expect(own.text).toContain(SUGGESTION_TEXTS.ownListing.title);
    expect(hrefs(own.html)).toContain(`/business/edit/${listing.id}`);
    expect(own.html).not.toContain('name="kind"');
    const posted = page(await renderRoute(suggestRoute, `/suggest/${listing.id}`, { cookie: await sessionCookie(owner.email), pattern: CHANGE, form: { kind: "closed" } }));
    expect(posted.status).toBe(403);
    expect(await suggestionsOf(owner.id)).toEqual([]);
  });

  it("a listing that is not public answers 404", async () => {
    const { cookie } = await signedIn();
    const pending = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, status: "pending" });
    const shown = page(await renderRoute(suggestRoute, `/suggest/${pending.id}`, { cookie, pattern: CHANGE }));
    expect(shown.status).toBe(404);
    expect(shown.text).toContain(SUGGESTION_TEXTS.notFound.text);
  });

  it("sends a change with only the ticked fields; a refused one names the field and keeps the note; a second waits for the first", async () => {
    const listing = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: `Mr ${word()} Repairs` });
    const { visitor, cookie } = await signedIn();
    const path = `/suggest/${listing.id}`;
    const unchanged = page(
      await renderRoute(suggestRoute, path, { cookie, pattern: CHANGE, form: formData({ kind: "edit", fields: ["name"], name: listing.name, note: "Their <em>sign</em> says so" }) }),
    );
    expect(unchanged.status).toBe(400);
    expect(unchanged.text).toContain(SUGGESTION_TEXTS.unchanged);
    expect(unchanged.html).toContain("Their &lt;em&gt;sign&lt;/em&gt; says so");
    const ticked = (unchanged.html.match(/<input[^>]*name="fields"[^>]*>/g) ?? []).filter((input) => input.includes('checked=""'));
    expect(ticked).toEqual([expect.stringContaining('value="name"')]);

    const sent = await renderRoute(suggestRoute, path, {
      cookie,
      pattern: CHANGE,
      form: formData({ kind: "edit", fields: ["phone", "address"], name: "Typed, not ticked", phone: "0809 123 4567", address: "9 New Road", note: "Called them" }),
    });
    expect(sent).toMatchObject({ kind: "redirect", location: "/suggest?sent=1" });
    const [row] = await suggestionsOf(visitor.id);
    expect(row).toMatchObject({ kind: "edit", businessId: listing.id, payload: { phone: "+2348091234567", address: "9 New Road" }, note: "Called them" });

    const waiting = page(await renderRoute(suggestRoute, path, { cookie, pattern: CHANGE }));
    expect(waiting.text).toContain(SUGGESTION_TEXTS.alreadyPending);
    expect(waiting.html).not.toContain('name="kind"');
    const again = page(await renderRoute(suggestRoute, path, { cookie, pattern: CHANGE, form: { kind: "closed", note: "Closed now" } }));
    expect(again.status).toBe(409);
    expect(again.text).toContain(SUGGESTION_TEXTS.alreadyPending);
    expect(await suggestionsOf(visitor.id)).toHaveLength(1);
  });

  it("'It has moved' takes the state, LGA and new address; 'Copy to Mon–Fri' without JavaScript copies the day and sends nothing", async () => {
    const listing = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id });
    const { visitor, cookie } = await signedIn();
    const path = `/suggest/${listing.id}`;
    const copied = page(
      await renderRoute(suggestRoute, path, {
        cookie,
        pattern: CHANGE,
        form: formData({ kind: "edit", fields: ["hours"], listHours: "on", "hours-sat": "hours", "hours-sat-opens-1": "09:30", "hours-sat-closes-1": "14:00", copyDay: "sat", note: "Kept" }),
      }),
    );
    expect(copied.text).toContain("Copied Saturday's hours to Monday–Friday. Not saved yet: press Send suggestion to save them.");
    expect(copied.html).toMatch(/name="hours-mon-opens-1" value="09:30"/);
    expect(copied.text).toContain("Kept");
    expect(await suggestionsOf(visitor.id)).toEqual([]);

    const moved = await renderRoute(suggestRoute, path, { cookie, pattern: CHANGE, form: { kind: "moved", state: "Ogun", lga: "Abeokuta South", newAddress: "2 Lafenwa Road" } });
    expect(moved).toMatchObject({ kind: "redirect", location: "/suggest?sent=1" });
    expect((await suggestionsOf(visitor.id))[0]).toMatchObject({ kind: "moved", payload: { state: "Ogun", lga: "Abeokuta South", address: "2 Lafenwa Road" } });
    // The listing itself is untouched until an admin decides.
    expect((await getDb().select({ state: businesses.state }).from(businesses).where(eq(businesses.id, listing.id)))[0]?.state).toBe("Lagos");
  });
});
