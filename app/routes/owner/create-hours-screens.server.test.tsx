import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, businessRevisions } from "../../../db/schema";
import { addBusinessImage, createBusiness, createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getPublicBusiness } from "../../features/directory/get-public-business.server";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import { setOpeningHours } from "../../features/listings/set-opening-hours.server";
import { getDb } from "../../lib/db.server";
import { hoursFormValues, OPENING_HOURS_TEXTS, WEEKDAYS, type WeeklyHours } from "../../lib/opening-hours";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as businessCreateRoute from "./business-create";
import * as businessEditRoute from "./business-edit";
import * as dashboardRoute from "./dashboard";

/** Opening hours on the create-listing and edit forms, without JavaScript (issue 17, ADR 21; one save, issue 32). */
function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}
/** The one form of the page that carries the listing's name. */
const listingForm = (html: string) => /<form[^>]*>(?:(?!<\/form>)[\s\S])*name="name"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
/** The 'Show opening hours on my listing' checkbox: ticked or not. */
const listHoursTicked = (html: string) => {
  const tag = /<input[^>]*name="listHours"[^>]*>/.exec(html)?.[0];
  if (!tag) throw new Error("no listHours checkbox");
  return / checked=""/.test(tag);
};
const selected = (html: string, name: string) => new RegExp(`<select[^>]*name="${name}"[^>]*>[\\s\\S]*?<option value="([^"]*)" selected=""`).exec(html)?.[1];

const LISTING = {
  name: "Iya Basira Kitchen", description: "Amala and ewedu.", address: "7 Allen Avenue", plotNumber: "", state: "Lagos", country: "Nigeria",
  phoneNumber: "0803 555 0102", websiteUrl: "", category: "Eatery", products: "Amala", lga: "Ikeja", landmark: "Opposite First Bank",
};

describe("the create-listing form's opening hours", () => {
  it("are part of the listing form, offered but not shown on the listing until ticked", async () => {
    const owner = await createOwner(getDb());
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie: await sessionCookie(owner.email) }));
    const form = listingForm(shown.html);
    expect(form).toContain('encType="multipart/form-data"');
    expect(form).toContain("Show opening hours on my listing");
    expect(listHoursTicked(form)).toBe(false);
    for (const day of ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]) {
      expect(form).toContain(`name="hours-${day}"`);
      expect(form).toContain(`name="hours-${day}-opens-2"`);
    }
    // The week offered: 8:00–18:00 Monday to Saturday, Sunday closed.
    expect(selected(form, "hours-mon")).toBe("hours");
    expect(form).toContain('name="hours-mon-opens-1" value="08:00"');
    expect(selected(form, "hours-sun")).toBe("closed");
    // No 'Save opening hours' form of its own: the hours go with the listing.
    expect(shown.html).not.toContain('name="intent"');
  });

  it("are on the dashboard's first-listing form too, which posts to the create route", async () => {
    const owner = await createOwner(getDb());
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: await sessionCookie(owner.email) }));
    const form = listingForm(shown.html);
    expect(form).toContain('action="/business/create"');
    expect(listHoursTicked(form)).toBe(false);
    expect(selected(form, "hours-sun")).toBe("closed");
    expect(form).toContain('name="hours-sat-closes-1" value="18:00"');
  });

  it("name each bad day beside it after a failed submit, keeping the hours and every other field as typed", async () => {
    const owner = await createOwner(getDb());
    const form = {
      ...LISTING, ...hoursFormValues(null), listHours: "on",
      "hours-mon-closes-1": "", "hours-fri-opens-1": "18:00", "hours-fri-closes-1": "02:00", "hours-sat": "24h", "hours-tue-opens-2": "13:00", "hours-tue-closes-2": "17:00",
    };
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie: await sessionCookie(owner.email), form }));
    expect(shown.status).toBe(400);
    expect(shown.text).toContain(LISTING_TEXTS.correctFields);
    expect(shown.text).toContain("Monday: enter an opening and a closing time");
    expect(shown.html).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="hours-mon-error"|<select[^>]*aria-describedby="hours-mon-error"[^>]*aria-invalid="true"/);
    // The missing image is named at the same time.
    expect(shown.text).toContain(LISTING_TEXTS.imageRequired);
    const kept = listingForm(shown.html);
    expect(listHoursTicked(kept)).toBe(true);
    expect(kept).toContain('name="hours-mon-opens-1" value="08:00"');
    expect(kept).toContain('name="hours-mon-closes-1" value=""');
    expect(kept).toContain('name="hours-fri-opens-1" value="18:00"');
    expect(kept).toContain('name="hours-fri-closes-1" value="02:00"');
    expect(kept).toContain('name="hours-tue-opens-2" value="13:00"');
    expect(kept).toContain('name="hours-tue-closes-2" value="17:00"');
    expect(selected(kept, "hours-sat")).toBe("24h");
    expect(selected(kept, "hours-sun")).toBe("closed");
    expect(kept).toContain('value="Iya Basira Kitchen"');
    expect(kept).toContain('value="Opposite First Bank"');
    expect(kept).toMatch(/<option value="Ikeja" selected="">/);
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toEqual([]);
  });

  it("keep valid hours typed when only another field fails, and leave unticked hours unchecked", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const typed = { ...LISTING, ...hoursFormValues(null), listHours: "on", "hours-wed": "closed", "hours-thu-opens-1": "20:00", "hours-thu-closes-1": "03:00" };
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie, form: typed }));
    expect(shown.status).toBe(400);
    expect(shown.text).toContain(LISTING_TEXTS.imageRequired);
    expect(shown.html).not.toContain("-error\"");
    const kept = listingForm(shown.html);
    expect(listHoursTicked(kept)).toBe(true);
    expect(selected(kept, "hours-wed")).toBe("closed");
    expect(kept).toContain('name="hours-thu-closes-1" value="03:00"');

    // Bad times with the box unticked are no problem: the listing lists no hours, and the box stays unticked.
    const unticked = { ...LISTING, ...hoursFormValues(null), listHours: "", "hours-mon-opens-1": "" };
    const again = page(await renderRoute(businessCreateRoute, "/business/create", { cookie, form: unticked }));
    expect(again.text).not.toContain("Monday:");
    expect(listHoursTicked(listingForm(again.html))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The edit screen's one save, and 'Copy to Mon–Fri' without JavaScript (issue 32)
// ---------------------------------------------------------------------------------------------

const EDIT = "business/edit/:id";
/** The week an approved listing has before the owner edits it: every day 09:00–17:00. */
const NINE_TO_FIVE: WeeklyHours = WEEKDAYS.map(() => ({ mode: "hours" as const, ranges: [{ opens: "09:00", closes: "17:00" }] }));
/** The submit buttons of some HTML: their attributes and their text. */
const submitButtons = (html: string) =>
  [...html.matchAll(/<button([^>]*type="submit"[^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({ attrs: m[1]!, text: m[2]!.replace(/<[^>]+>/g, "").trim() }));

async function approvedListingWithHours() {
  const db = getDb();
  const owner = await createOwner(db);
  const listing = await createBusiness(db, { userId: owner.id, name: `Mama Put ${uniqueSuffix()}`, products: ["Jollof rice"], state: "Lagos", lga: "Ikeja" });
  const image = await addBusinessImage(db, { businessId: listing.id, imageUrl: `${listing.id}/front.webp` });
  await setOpeningHours(await actorFor(owner), listing.id, NINE_TO_FIVE);
  return { owner, listing, image, cookie: await sessionCookie(owner.email) };
}

/** The edit form as the browser sends it: the listing's details as shown, its image kept, its week as stored. */
function editForm(listing: Awaited<ReturnType<typeof approvedListingWithHours>>["listing"], imageId: string): Record<string, string> {
  return {
    name: listing.name, description: listing.description ?? "", address: listing.address ?? "", plotNumber: "", state: listing.state ?? "", lga: listing.lga ?? "",
    landmark: "", country: listing.country, phoneNumber: listing.phoneNumber ?? "", websiteUrl: "", category: listing.category ?? "", products: "Jollof rice",
    latitude: "", longitude: "", keepImage: imageId, ...hoursFormValues(NINE_TO_FIVE),
  };
}

const storedHours = async (id: string) =>
  (await getDb().select({ hours: businesses.openingHours }).from(businesses).where(eq(businesses.id, id)))[0]!.hours as WeeklyHours | null;
const waitingChange = async (id: string) => (await getDb().select().from(businessRevisions).where(eq(businessRevisions.businessId, id)))[0] ?? null;

describe("the edit screen's one save (issue 32)", () => {
  it("is one form with the details and the weekly hours and one Save Changes; closed days keep their own Add and Remove", async () => {
    const { listing, cookie } = await approvedListingWithHours();
    const shown = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, pattern: EDIT }));
    const form = listingForm(shown.html);
    expect(form).toContain('encType="multipart/form-data"');
    expect(form).toContain('name="hours-mon"');
    expect(form).toContain('name="hours-sun-closes-2"');
    expect(listHoursTicked(form)).toBe(true);
    expect(form).toContain('name="hours-wed-opens-1" value="09:00"');
    // No second save: every submit of the form is Save Changes (the first one the hidden default for Enter) or a day's copy.
    const buttons = submitButtons(form);
    expect(buttons.filter((b) => !b.attrs.includes('name="copyDay"')).map((b) => b.text)).toEqual(["Save Changes", "Save Changes"]);
    expect(buttons.filter((b) => b.attrs.includes('name="copyDay"'))).toHaveLength(7);
    expect(buttons[0]!.attrs).toContain('tabindex="-1"');
    expect(form).not.toContain('name="intent"');
    expect(shown.text).not.toContain("Save opening hours");
    expect(shown.text).toContain("Saved with your other changes, and shown at once, without waiting for review.");
    // The closed days: a list after the form, its forms naming their intents.
    const rest = shown.html.slice(shown.html.indexOf(form) + form.length);
    expect(rest).toContain('id="closed-days"');
    expect(rest).toMatch(/name="intent" value="add-closure"/);
    expect(submitButtons(rest).map((b) => b.text)).toEqual(["Add closed day"]);
  });

  it("saves the details and the hours in one submission: the hours show at once, the new name waits for review", async () => {
    const { listing, image, cookie } = await approvedListingWithHours();
    const form = { ...editForm(listing, image.id), name: `${listing.name} Deluxe`, "hours-sat": "closed", "hours-fri-closes-1": "23:00" };
    const saved = await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT });
    expect(saved).toMatchObject({ kind: "redirect", location: "/dashboard?notice=sent-for-review" });
    expect(await storedHours(listing.id)).toEqual([...NINE_TO_FIVE.slice(0, 4), { mode: "hours", ranges: [{ opens: "09:00", closes: "23:00" }] }, { mode: "closed" }, NINE_TO_FIVE[6]]);
    expect((await waitingChange(listing.id))?.name).toBe(`${listing.name} Deluxe`);
    const pub = await getPublicBusiness(listing.id);
    expect(pub.name).toBe(listing.name);
    // The one message says what waits for review and what shows now.
    const dashboard = page(await renderRoute(dashboardRoute, "/dashboard?notice=sent-for-review", { cookie }));
    expect(dashboard.text).toContain(LISTING_TEXTS.sentForReview.title);
    expect(dashboard.text).toContain("Opening hours, state, LGA, country, category and location show as you saved them now.");
  });

  it("saves hours alone at once, sending nothing for review, and does not send a waiting change again", async () => {
    const { listing, image, cookie } = await approvedListingWithHours();
    const form = { ...editForm(listing, image.id), "hours-sun": "24h" };
    const saved = await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT });
    expect(saved).toMatchObject({ kind: "redirect", location: "/dashboard?notice=updated" });
    expect((await storedHours(listing.id))?.[6]).toEqual({ mode: "24h" });
    expect(await waitingChange(listing.id)).toBeNull();

    // With a change waiting, saving it again as shown (hours only) sends nothing new for review.
    const renamed = { ...form, name: `${listing.name} II` };
    expect(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form: renamed, pattern: EDIT })).toMatchObject({
      location: "/dashboard?notice=sent-for-review",
    });
    const waiting = await waitingChange(listing.id);
    const again = await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form: { ...renamed, "hours-sun": "closed" }, pattern: EDIT });
    // The hours apply; the waiting change is not sent again (its date kept), and the notice says it still waits.
    expect(again).toMatchObject({ location: "/dashboard?notice=sent-for-review" });
    expect((await storedHours(listing.id))?.[6]).toEqual({ mode: "closed" });
    expect((await waitingChange(listing.id))?.updatedAt).toEqual(waiting!.updatedAt);
  });

  it("names the details' and the hours' problems together, keeps everything typed, and saves neither", async () => {
    const { listing, image, cookie } = await approvedListingWithHours();
    const form = {
      ...editForm(listing, image.id), name: "", landmark: "By the new bridge", "hours-mon-closes-1": "", "hours-tue-opens-1": "07:30", "hours-sat": "24h",
    };
    const shown = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT }));
    expect(shown.status).toBe(400);
    expect(shown.text).toContain(LISTING_TEXTS.updateFailed.title);
    expect(shown.text).toContain(LISTING_TEXTS.nameRequired);
    expect(shown.text).toContain("Monday: enter an opening and a closing time");
    const kept = listingForm(shown.html);
    expect(kept).toContain('value="By the new bridge"');
    expect(kept).toContain('name="hours-tue-opens-1" value="07:30"');
    expect(kept).toContain('name="hours-mon-closes-1" value=""');
    expect(selected(kept, "hours-sat")).toBe("24h");
    expect(kept).toContain(`name="keepImage" value="${image.id}"`);
    expect(await storedHours(listing.id)).toEqual(NINE_TO_FIVE);
    expect(await waitingChange(listing.id)).toBeNull();

    // Good hours with bad details: the hours are not saved either (one save, one transaction), and stay as typed.
    const onlyDetails = { ...editForm(listing, image.id), phoneNumber: "0803-CALL-NOW", "hours-sun": "closed" };
    const refused = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form: onlyDetails, pattern: EDIT }));
    expect(refused.text).toContain(LISTING_TEXTS.phoneInvalid);
    expect(selected(listingForm(refused.html), "hours-sun")).toBe("closed");
    expect(await storedHours(listing.id)).toEqual(NINE_TO_FIVE);
  });

  it("leaves the hours alone when a post carries none of their fields (an older page)", async () => {
    const { listing, image, cookie } = await approvedListingWithHours();
    const { listHours: _l, ...withoutHours } = editForm(listing, image.id);
    const form = Object.fromEntries(Object.entries(withoutHours).filter(([name]) => !name.startsWith("hours-")));
    expect(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT })).toMatchObject({ location: "/dashboard?notice=updated" });
    expect(await storedHours(listing.id)).toEqual(NINE_TO_FIVE);
  });
});

describe("'Copy to Mon–Fri' without JavaScript (issue 32)", () => {
  it("answers the edit form as typed with the day copied to Monday–Friday, saying nothing is saved, and saves nothing", async () => {
    const { listing, image, cookie } = await approvedListingWithHours();
    const form = {
      ...editForm(listing, image.id), name: `${listing.name} Renamed`, "hours-sat-opens-1": "10:00", "hours-sat-closes-1": "22:00", "hours-sat-opens-2": "",
      images: "front.png", copyDay: "sat",
    };
    const shown = page(await renderRoute(businessEditRoute, `/business/edit/${listing.id}`, { cookie, form, pattern: EDIT }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(OPENING_HOURS_TEXTS.copied("Saturday", "Save Changes"));
    expect(shown.text).toContain(OPENING_HOURS_TEXTS.copiedImagesDropped);
    const kept = listingForm(shown.html);
    for (const day of ["mon", "tue", "wed", "thu", "fri", "sat"]) {
      expect(kept, day).toContain(`name="hours-${day}-opens-1" value="10:00"`);
      expect(kept, day).toContain(`name="hours-${day}-closes-1" value="22:00"`);
    }
    expect(kept).toContain('name="hours-sun-opens-1" value="09:00"');
    expect(kept).toContain(`value="${listing.name} Renamed"`);
    expect(kept).toContain(`name="keepImage" value="${image.id}"`);
    // No error is shown for what is not checked yet, and nothing is saved.
    expect(shown.html).not.toContain('role="alert"');
    expect(await storedHours(listing.id)).toEqual(NINE_TO_FIVE);
    expect(await waitingChange(listing.id)).toBeNull();
    expect((await getPublicBusiness(listing.id)).name).toBe(listing.name);
  });

  it("is a submit button of its own on every day, posting without files, and works on the create form too", async () => {
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie }));
    const copies = submitButtons(listingForm(shown.html)).filter((b) => b.attrs.includes('name="copyDay"'));
    expect(copies.map((b) => /value="([a-z]+)"/.exec(b.attrs)?.[1])).toEqual(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
    expect(copies.map((b) => b.text)).toContain("Copy to Mon–Fri from Sunday");
    for (const button of copies) {
      expect(button.attrs).toContain('formEncType="application/x-www-form-urlencoded"');
      expect(button.attrs).toContain("formNoValidate");
    }

    const form = { ...LISTING, ...hoursFormValues(null), listHours: "on", copyDay: "sun" };
    const copied = page(await renderRoute(businessCreateRoute, "/business/create", { cookie, form }));
    expect(copied.status).toBe(200);
    expect(copied.text).toContain(OPENING_HOURS_TEXTS.copied("Sunday", "Create Business"));
    const kept = listingForm(copied.html);
    for (const day of ["mon", "tue", "wed", "thu", "fri", "sun"]) expect(selected(kept, `hours-${day}`), day).toBe("closed");
    expect(selected(kept, "hours-sat")).toBe("hours");
    expect(kept).toContain('value="Iya Basira Kitchen"');
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toEqual([]);
  });
});
