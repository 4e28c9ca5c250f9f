import { describe, expect, it } from "vitest";
import { createOwner } from "../../../db/seed/factories";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import { getDb } from "../../lib/db.server";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as businessCreateRoute from "./business-create";

/** The listing form's LGA and landmark without JavaScript (issue 17, ADR 22). */
function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

const LISTING = {
  name: "Iya Basira Kitchen", description: "Amala and ewedu.", address: "7 Allen Avenue", plotNumber: "", state: "Lagos", country: "Nigeria",
  phoneNumber: "0803 555 0102", websiteUrl: "", category: "Eatery", products: "Amala",
};

describe("the listing form's LGA without JavaScript", () => {
  it("offers every state's LGAs grouped by state", async () => {
    const owner = await createOwner(getDb());
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie: await sessionCookie(owner.email) }));
    const select = /<select[^>]*name="lga"[^>]*>([\s\S]*?)<\/select>/.exec(shown.html)?.[1] ?? "";
    expect(select.match(/<optgroup /g)).toHaveLength(37);
    expect(select.match(/<option /g)).toHaveLength(775);
    expect(select).toContain('<optgroup label="Lagos State">');
    expect(select).toContain('<optgroup label="FCT - Abuja">');
    expect(shown.text).toContain("Local government area (LGA)");
    expect(shown.html).toContain('name="landmark"');
  });

  it("refuses an LGA of another state with a clear message beside the other problems, and keeps what was typed", async () => {
    const owner = await createOwner(getDb());
    const shown = page(
      await renderRoute(businessCreateRoute, "/business/create", {
        cookie: await sessionCookie(owner.email),
        form: { ...LISTING, lga: "Ibadan North", landmark: "Opposite First Bank" },
      }),
    );
    expect(shown.status).toBe(400);
    expect(shown.text).toContain(LISTING_TEXTS.lgaNotInState("Lagos"));
    expect(shown.text).toContain(LISTING_TEXTS.imageRequired);
    expect(shown.html).toMatch(/<option value="Ibadan North" selected="">/);
    expect(shown.html).toContain('value="Opposite First Bank"');
  });
});
