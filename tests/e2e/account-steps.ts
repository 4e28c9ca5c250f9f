import type { Cookie, Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../../db/seed/data";
import { pngImage } from "../support/images";
import { totpCode } from "../support/totp";
import { baseUrl, url, waitForHydration } from "./harness";

/** Steps shared by the journeys that create their own accounts. */
export const PASSWORD = "Jollof-Sunday-2026";

export type Mail = { to: string; subject: string; text: string };
/** A text (SMS or WhatsApp) in the development outbox. */
export type Outgoing = { to: string; channel: string; text: string };

/**
 * The 6-digit code in the newest SMS to a number (+234…) that is not one of `seen`, polled from the development
 * outbox of the server at `origin` (the worker's own by default).
 */
export async function codeFromSms(e164: string, seen: Set<string> = new Set(), origin: string = baseUrl()): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(new URL("/dev/mailbox.json", origin))).json()) as Outgoing[];
    const codes = all.filter((m) => m.to === e164 && m.channel === "sms").map((m) => /code is (\d{6})\./.exec(m.text)?.[1]).filter((c): c is string => Boolean(c));
    const fresh = codes.find((c) => !seen.has(c));
    if (fresh) return fresh;
    if (Date.now() > deadline) throw new Error(`no new code by SMS to ${e164}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest e-mail to an address from the development outbox (loopback only). */
export async function mailTo(address: string, subject: RegExp): Promise<Mail> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(url("/dev/mailbox.json"));
    const mails = (await response.json()) as Mail[];
    const mail = mails.find((m) => m.to === address && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail '${subject}' to ${address}`);
}

export function linkIn(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in ${mail.subject}`);
  // The server's PUBLIC_URL host may differ from the test's; keep the path and query.
  const parsed = new URL(link);
  return url(parsed.pathname + parsed.search);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  if (email === DEMO_ADMIN_EMAIL) await enterTwoFactorCode(page);
}

/** The demo admin; like every admin, it signs in with a code from its authenticator (README). */
export const DEMO_ADMIN_EMAIL = "admin@example.com";

/**
 * The second step of an admin's sign-in: the code an authenticator app with the demo admin's documented key
 * shows now, typed into the /login page's 'Authentication code' field.
 */
export async function enterTwoFactorCode(page: Page, secret: string = DEMO_ADMIN_TOTP_SECRET) {
  const field = page.getByLabel("Authentication code");
  await field.waitFor();
  await field.fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
}

export async function register(page: Page, type: "visitor" | "business", email: string) {
  await page.goto(url("/register"));
  await waitForHydration(page);
  await page.getByLabel(type === "visitor" ? /^Visitor/ : /^Business Owner/).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => u.pathname === `/register/${type}`);
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Ifeoma");
  await page.getByLabel("Last name").fill("Chukwu");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill("not the same");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Passwords don't match").waitFor();
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Step 2 of 2").waitFor();
  // Going back keeps what was typed.
  await page.getByRole("button", { name: "Back" }).click();
  expect(await page.getByLabel("First name").inputValue()).toBe("Ifeoma");
  expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
  await page.getByRole("button", { name: "Next" }).click();
  expect(await page.getByLabel("Country").inputValue()).toBe("Nigeria");
  await page.getByLabel("State / Region").selectOption("FCT - Abuja");
  if (type === "business") await page.getByLabel("Business category").selectOption("Pharmacy store");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("heading", { name: "Check Your Email!" }).waitFor();
}


/** Signs a demo account in from /login (the admin with its authenticator code) and waits to leave /login. */
export async function signInAsDemo(page: Page, email: string): Promise<void> {
  await page.goto(url("/login"));
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^sign in$/i }).click();
  if (email === DEMO_ADMIN_EMAIL) await enterTwoFactorCode(page);
  await page.waitForURL((target) => !target.pathname.startsWith("/login"));
}

/** A demo account's session cookie, per server, kept by this worker (workers live for the run). */
const demoSessions = new Map<string, Cookie[]>();

/**
 * Signs a demo account in for a journey that tests something else (issue 31: sign in once per account, not through
 * the form in every journey). The first time on this worker's server it is signInAsDemo (the form; the page ends
 * where the sign-in lands it); after that the kept session cookie is added to the page's context and the page is
 * left where it was, for the journey to open what it tests. A session the server no longer accepts (signed out,
 * expired) is replaced by signing in again. Journeys about signing in itself use the form (signIn, signInAsDemo).
 */
export async function useDemoSession(page: Page, email: string): Promise<void> {
  const key = `${baseUrl()} ${email}`;
  const kept = demoSessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    const answer = await page.context().request.get(url("/api/auth/get-session"));
    const session = (await answer.json()) as { user?: { email?: string } } | null;
    if (session?.user?.email === email) return;
    demoSessions.delete(key);
    await page.context().clearCookies();
  }
  await signInAsDemo(page, email);
  const cookies = (await page.context().cookies(baseUrl())).filter((c) => c.name.endsWith("session_token"));
  expect(cookies.length).toBe(1);
  demoSessions.set(key, cookies);
}

/**
 * A new business owner from sign-up to the dashboard: registers (register()), opens the verification link
 * from the mailbox and signs in.
 */
export async function signUpOwner(page: Page, email: string): Promise<void> {
  await register(page, "business", email);
  await page.goto(linkIn(await mailTo(email, /verify/i)));
  await waitForHydration(page);
  await signIn(page, email, PASSWORD);
  await page.waitForURL((u) => u.pathname === "/dashboard");
}

/** From the owner's dashboard: 'Start Verification', the KYC form (its button waits for the ID), submitted and under review. */
export async function submitKyc(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Start Verification" }).click();
  await page.waitForURL((u) => u.pathname === "/kyc-verification");
  await waitForHydration(page);
  const submit = page.getByRole("button", { name: "Submit Verification" });
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel("Full name").fill("Ifeoma Chukwu");
  await page.getByLabel("Number").fill("8031234567");
  await page.locator("#idImage").setInputFiles({ name: "id-card.png", mimeType: "image/png", buffer: await pngImage(900, 600) });
  await page.getByAltText("Preview of your ID").waitFor();
  await submit.click();
  await page.getByText("usually takes 1-2 business days").first().waitFor();
}

/**
 * In the admin panel (`admin` is a page where the demo admin is signed in, e.g. by signInAsDemo): opens the
 * tab, finds the first card in the section titled `titleId` that mentions `match` and still has 'Approve',
 * approves it and waits for the toast.
 */
export async function adminApproves(admin: Page, tab: string, titleId: string, match: string, toastText: string): Promise<void> {
  await admin.goto(url(`/admin?tab=${tab}`));
  await waitForHydration(admin);
  const card = admin
    .locator(`section[aria-labelledby="${titleId}"] > ul > li`)
    .filter({ hasText: match })
    .filter({ has: admin.getByRole("button", { name: "Approve" }) })
    .first();
  await card.waitFor();
  await card.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("status").filter({ hasText: toastText }).first().waitFor();
}

/** The toasts adminApproves waits for. */
export const APPROVED = {
  kyc: "KYC approved successfully. Associated businesses have been approved.",
  business: "Business approved successfully",
  changes: "Changes approved. The listing shows them now.",
} as const;
