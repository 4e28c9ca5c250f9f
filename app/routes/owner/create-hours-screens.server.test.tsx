import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { createOwner } from "../../../db/seed/factories";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import { getDb } from "../../lib/db.server";
import { hoursFormValues } from "../../lib/opening-hours";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as businessCreateRoute from "./business-create";
import * as dashboardRoute from "./dashboard";

/** Opening hours on the create-listing form, without JavaScript (issue 17, ADR 21). */
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
