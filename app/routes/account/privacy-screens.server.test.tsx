import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { businesses, session, user } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { SignedOutNotice } from "../../features/profile/components/signed-out-notice";
import { getDb } from "../../lib/db.server";
import { getEnv, setEnv } from "../../lib/env.server";
import { BASE_URL, hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as registerAccountRoute from "../auth/register-account";
import * as registerRoute from "../auth/register";
import * as privacyRoute from "../public/privacy";
import * as exportRoute from "./profile-export";
import * as profileRoute from "./profile";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function download(cookie?: string): Promise<Response> {
  const headers = new Headers(cookie ? { cookie } : {});
  try {
    return (await exportRoute.loader({ request: new Request(`${BASE_URL}/profile/export`, { headers }), params: {}, context: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("/profile: your data", () => {
  it("offers the download of one's data and the deletion form", async () => {
    const visitor = await createVisitor(getDb());
    const shown = page(await renderRoute(profileRoute, "/profile", { cookie: await sessionCookie(visitor.email) }));
    expect(hrefs(shown.html)).toEqual(expect.arrayContaining(["/profile/export", "/privacy"]));
    expect(shown.text).toContain("Download my data");
    expect(shown.html).toMatch(/<input[^>]*name="intent"[^>]*value="delete-account"/);
    expect(shown.html).toMatch(/<input[^>]*type="password"[^>]*name="deletePassword"|<input[^>]*name="deletePassword"[^>]*type="password"/);
    expect(shown.text).toContain("Delete my account");
  });

  it("a wrong password keeps what was typed (never the password) and deletes nothing", async () => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const refused = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "delete-account", deletePassword: "Not-My-Passw0rd", confirmation: "DELETE" } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("That password is not correct.");
    expect(refused.html).toMatch(/<input[^>]*name="confirmation"[^>]*value="DELETE"|<input[^>]*value="DELETE"[^>]*name="confirmation"/);
    expect(refused.html).not.toContain("Not-My-Passw0rd");
    // The profile form is not disturbed by the other form's failure.
    expect(refused.text).not.toContain("First name is required");
    const wrongWord = page(
      await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "delete-account", deletePassword: visitor.password!, confirmation: "yes please" } }),
    );
    expect(wrongWord.text).toContain("Type DELETE to confirm.");
    expect(wrongWord.html).toContain('value="yes please"');
    const [row] = await getDb().select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, visitor.id));
    expect(row!.deletedAt).toBeNull();
  });

  it("tells the browser to drop the session cookie once the account is deleted", async () => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const body = new URLSearchParams({ intent: "delete-account", deletePassword: visitor.password!, confirmation: "DELETE" });
    const request = new Request(`${BASE_URL}/profile`, {
      method: "POST",
      headers: { cookie, origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    let answer: unknown;
    try {
      answer = await profileRoute.action({ request, params: {}, context: {} } as never);
    } catch (thrown) {
      answer = thrown;
    }
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.headers.get("location")).toBe("/?accountDeleted=true");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("nd.session_token="));
    expect(cleared).toMatch(/Max-Age=0/i);
  });

  it("deletes the account with the right password and word, and sends the browser home signed out", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const cookie = await sessionCookie(owner.email);
    const done = await renderRoute(profileRoute, "/profile", { cookie, form: { intent: "delete-account", deletePassword: owner.password!, confirmation: "delete" } });
    expect(done).toEqual({ kind: "redirect", status: 302, location: "/?accountDeleted=true" });
    expect(await getDb().select({ id: session.id }).from(session).where(eq(session.userId, owner.id))).toEqual([]);
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.id, listing.id))).toEqual([]);
    // The old cookie opens nothing any more.
    expect(page(await renderRoute(profileRoute, "/profile", { cookie })).text).toContain("Please log in to view your profile");
    const home = { default: () => <SignedOutNotice /> };
    expect(page(await renderRoute(home, "/?accountDeleted=true")).text).toContain("Your account was deleted.");
  });
});

describe("/profile/export", () => {
  it("answers the signed-in user's own data as a JSON attachment that is never cached", async () => {
    const visitor = await createVisitor(getDb(), { firstName: "Amara" });
    const other = await createVisitor(getDb());
    const response = await download(await sessionCookie(visitor.email));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="naija-directory-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = JSON.parse(await response.text());
    expect(body.account).toMatchObject({ id: visitor.id, email: visitor.email });
    expect(body.profile.firstName).toBe("Amara");
    expect(JSON.stringify(body)).not.toContain(other.email);
  });

  it("sends anyone signed out to log in", async () => {
    const response = await download();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fprofile%2Fexport");
  });
});

describe("/privacy", () => {
  // Read once the file's settings exist (tests/setup/database.ts), so the file also runs alone.
  let original: ReturnType<typeof getEnv>;
  beforeAll(() => {
    original = getEnv();
  });
  afterEach(() => setEnv(original));

  it("is public and says what we keep, why, for how long, who sees it, the rights and how to ask", async () => {
    setEnv({ ...original, SUPPORT_EMAIL: "privacy@naija-directory.example", KYC_RETENTION_DAYS: 45 });
    const shown = page(await renderRoute(privacyRoute, "/privacy"));
    expect(shown.status).toBe(200);
    for (const words of ["Privacy", "Nigeria Data Protection Act 2023", "KYC", "45 days", "payments", "messages", "Deleted user", "30 days"]) {
      expect(shown.text).toContain(words);
    }
    for (const right of ["access", "correct", "delet", "object"]) expect(shown.text.toLowerCase()).toContain(right);
    expect(hrefs(shown.html)).toEqual(expect.arrayContaining(["mailto:privacy@naija-directory.example", "/profile"]));
  });

  it("is linked from the sign-up screens", async () => {
    expect(hrefs(page(await renderRoute(registerRoute, "/register")).html)).toContain("/privacy");
    // The harness gives no route params: the sign-up form is rendered as /register/visitor renders it.
    const SignUp = registerAccountRoute.default as unknown as (props: { params: { type: string } }) => React.ReactNode;
    const visitorSignUp = { default: () => <SignUp params={{ type: "visitor" }} /> };
    expect(hrefs(page(await renderRoute(visitorSignUp, "/register/visitor")).html)).toContain("/privacy");
  });
});
