import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { feedback, profiles } from "../../../db/schema";
import { createAdmin, createOwner, createUser, createVisitor } from "../../../db/seed/factories";
import { SignedOutNotice } from "../../features/profile/components/signed-out-notice";
import { getDb } from "../../lib/db.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as feedbackRoute from "./feedback";
import * as helpRoute from "./help";
import * as menuRoute from "./menu";
import * as profileRoute from "./profile";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

describe("/profile", () => {
  it("asks anonymous users to log in, with a Log In link that comes back to /profile", async () => {
    const shown = page(await renderRoute(profileRoute, "/profile"));
    expect(shown.text).toContain("Please log in to view your profile");
    expect(hrefs(shown.html)).toContain("/login?redirectTo=%2Fprofile");
    expect(shown.text).not.toContain("Log Out");
  });

  it("shows name, role badge, Verified for approved KYC, details with the default country, help and feedback links", async () => {
    const owner = await createOwner(getDb(), { firstName: "Tunde", lastName: "Bakare", country: "", state: "Lagos" });
    await getDb().update(profiles).set({ country: null }).where(eq(profiles.id, owner.id));
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie: await sessionCookie(owner.email) }));
    expect(shown.text).toContain("Tunde Bakare");
    expect(shown.text).toContain("Business Owner");
    expect(shown.text).toContain("Verified");
    expect(shown.text).toContain(owner.email);
    expect(shown.text).toContain("Lagos, Nigeria");
    expect(shown.text).toContain("Account type Business Owner");
    expect(shown.text).not.toContain("Admin Access");
    expect(shown.text).not.toContain("Go to Admin Panel");
    expect(hrefs(shown.html)).toEqual(expect.arrayContaining(["/help", "/feedback"]));
    expect(shown.text).toContain("Log Out");
  });

  it("gives admins the 'Admin Access' badge and the 'Go to Admin Panel' card; no 'Verified' without KYC", async () => {
    const admin = await createAdmin(getDb(), { firstName: "Ada", lastName: "" });
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie: await sessionCookie(admin.email) }));
    expect(shown.text).toContain("Ada");
    expect(shown.text).toContain("Admin Access");
    expect(shown.text).toContain("Go to Admin Panel");
    expect(hrefs(shown.html)).toContain("/admin");
    expect(shown.text).not.toContain("Verified");
  });

  it("falls back to 'User Profile' when there is no name", async () => {
    const nameless = await createUser(getDb(), { firstName: "", lastName: "" });
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie: await sessionCookie(nameless.email) }));
    expect(shown.text).toContain("User Profile");
    expect(shown.text).toContain("Visitor");
  });

  it("saves name, country and state; a bad form keeps what was typed and names the problem", async () => {
    const visitor = await createVisitor(getDb(), { firstName: "Old" });
    const cookie = await sessionCookie(visitor.email);
    const bad = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { firstName: "Chidi", lastName: "  ", country: "Nigeria", state: "Enugu" } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Last name is required");
    expect(bad.html).toContain('value="Chidi"');
    const good = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { firstName: "Chidi", lastName: "Okeke", country: "Nigeria", state: "Enugu" } }),
    );
    expect(good.text).toContain("Profile updated");
    expect(good.text).toContain("Chidi Okeke");
    expect(good.text).toContain("Enugu, Nigeria");
  });

  it("refuses a profile change from a signed-out browser (sent to log in)", async () => {
    const result = await renderRoute(profileRoute, "/profile", { form: { firstName: "X", lastName: "Y", country: "Nigeria", state: "Lagos" } });
    expect(result).toMatchObject({ kind: "redirect", location: "/login?redirectTo=%2Fprofile" });
  });
});

describe("/menu", () => {
  it("signed out: saved businesses, help, feedback and pricing, then Sign In and Sign Up", async () => {
    const shown = page(await renderRoute(menuRoute, "/menu"));
    const links = hrefs(shown.html);
    expect(links).toEqual(expect.arrayContaining(["/saved", "/help", "/feedback", "/pricing", "/login", "/register"]));
    for (const own of ["/profile", "/messages", "/notifications"]) expect(links).not.toContain(own);
    expect(shown.text).toContain("Sign In");
    expect(shown.text).toContain("Sign Up");
    expect(shown.text).not.toContain("Sign Out");
  });

  it("signed in: profile, messages and notifications too, and Sign Out posting to /logout", async () => {
    const visitor = await createVisitor(getDb());
    const shown = page(await renderRoute(menuRoute, "/menu", { cookie: await sessionCookie(visitor.email) }));
    const links = hrefs(shown.html);
    expect(links).toEqual(expect.arrayContaining(["/profile", "/messages", "/notifications", "/saved", "/help", "/feedback", "/pricing"]));
    expect(links).not.toContain("/login");
    expect(shown.text).toContain("Sign Out");
    expect(shown.html).toMatch(/<form[^>]*action="\/logout"/);
    expect(shown.text).not.toContain("Sign Up");
  });
});

describe("/help", () => {
  // Read once the file's settings exist (tests/setup/database.ts), so the file also runs alone.
  let original: ReturnType<typeof getEnv>;
  beforeAll(() => {
    original = getEnv();
  });
  afterEach(() => setEnv(original));

  it("shows the configured support address as a mailto link", async () => {
    setEnv({ ...original, SUPPORT_EMAIL: "help@naija-directory.example" });
    const shown = page(await renderRoute(helpRoute, "/help"));
    expect(hrefs(shown.html)).toContain("mailto:help@naija-directory.example");
    expect(shown.text).toContain("help@naija-directory.example");
    expect(shown.text).toContain("Help & Support");
  });
});

describe("/feedback", () => {
  it("is open to everyone; signed out, submitting says 'Authentication required' and keeps the text", async () => {
    const shown = page(await renderRoute(feedbackRoute, "/feedback"));
    expect(shown.html).toMatch(/<textarea[^>]*name="message"/);
    expect(shown.html).toMatch(/<label[^>]*for="feedback-message"/);
    const refused = page(await renderRoute(feedbackRoute, "/feedback", { form: { message: "Add dark mode" } }));
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("Authentication required");
    expect(refused.text).toContain("Please log in to submit feedback.");
    expect(refused.html).toContain("Add dark mode");
    expect(hrefs(refused.html)).toContain("/login?redirectTo=%2Ffeedback");
  });

  it("blank: 'Feedback required'; otherwise stored trimmed with status new and the form is cleared", async () => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const blank = page(await renderRoute(feedbackRoute, "/feedback", { cookie, form: { message: "   " } }));
    expect(blank.text).toContain("Feedback required");
    expect(blank.text).toContain("Please enter your feedback before submitting.");
    const sent = page(await renderRoute(feedbackRoute, "/feedback", { cookie, form: { message: "  Love the search!  " } }));
    expect(sent.text).toContain("Feedback submitted");
    expect(sent.html).not.toContain("Love the search!");
    const rows = await getDb().select().from(feedback).where(eq(feedback.userId, visitor.id));
    expect(rows).toMatchObject([{ message: "Love the search!", status: "new" }]);
  });
});

describe("after logging out", () => {
  it("the page /logout sends the browser to says 'Logged out successfully'", async () => {
    const home = { default: () => <SignedOutNotice /> };
    const shown = page(await renderRoute(home, "/?signedOut=true"));
    expect(shown.html).toMatch(/role="status"/);
    expect(shown.text).toContain("Logged out successfully");
    expect(page(await renderRoute(home, "/")).text).not.toContain("Logged out successfully");
  });
});
