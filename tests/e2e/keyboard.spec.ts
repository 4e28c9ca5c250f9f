/**
 * Keyboard-only journeys (ADR 31, WCAG 2.1.1, 2.4.3, 2.4.7, 2.4.11, 3.3.1): with page.keyboard alone (Tab,
 * Shift+Tab, Enter, Space, Escape, arrows, typing; no clicks), (a) a visitor searches, filters, opens a
 * business and contacts it; (b) someone signs up; (c) an owner creates a listing; (d) the admin approves it.
 * Every Tab stop is checked by tests/e2e/keyboard.ts (shown, not hidden under a bar, with a visible focus
 * indicator); dialogs take focus, keep Tab inside, close on Escape and give focus back to their button; form
 * errors are announced, tied to their field and focused.
 *
 * Going to a URL (the verification e-mail's link, a page's address) is how anyone arrives and is allowed; the
 * owner's identity check in (c) is set up with the shared steps (a file upload and the admin's approval).
 */
import { randomUUID } from "node:crypto";
import type { Browser, FileChooser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngImage } from "../support/images";
import { totpCode } from "../support/totp";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../../db/seed/data";
import { adminApproves, APPROVED, linkIn, mailTo, PASSWORD, submitKyc } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";
import { expectFieldError, focused, retype, tab, tabTo } from "./keyboard";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

let browser: Browser;
let admin: WatchedPage;
const opened: WatchedPage[] = [];

async function newPage(): Promise<Page> {
  const watched = await watchedPage(browser, { userAgent: PHONE });
  opened.push(watched);
  return watched.page;
}

/** Signs in from /login with the keyboard (and the admin's authenticator code). */
async function keyboardSignIn(page: Page, email: string, password: string, code?: string): Promise<void> {
  await page.goto(url("/login"));
  await waitForHydration(page);
  await tabTo(page, /^Email$/);
  await page.keyboard.type(email);
  await tabTo(page, /^Password$/);
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
  if (code) {
    await page.getByLabel("Authentication code").waitFor();
    // The code's field takes focus (the step's only field).
    await tabTo(page, /^Authentication code/);
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
  }
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

/** Sign-up with the keyboard: the account type, step 1 (with a mistake to fix), step 2. */
async function keyboardSignUp(page: Page, type: "visitor" | "business", email: string): Promise<void> {
  await page.goto(url("/register"));
  await waitForHydration(page);
  // The radio group is one Tab stop; arrows choose within it.
  const radio = await tabTo(page, (f) => f.type === "radio");
  expect(radio.name).toMatch(/^Visitor/);
  if (type === "business") {
    await page.keyboard.press("ArrowDown");
    expect((await focused(page))?.name).toMatch(/^Business Owner/);
  }
  await tabTo(page, /^Continue$/);
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname === `/register/${type}`);
  await waitForHydration(page);

  await tabTo(page, /^First name/);
  await page.keyboard.type("Ifeoma");
  await tab(page);
  await page.keyboard.type("Chukwu");
  await tabTo(page, /^Email/);
  await page.keyboard.type(email);
  await tabTo(page, /^Password/);
  await page.keyboard.type(PASSWORD);
  await tabTo(page, /^Confirm password/);
  await page.keyboard.type("not the same");
  await tabTo(page, /^Next$/);
  await page.keyboard.press("Enter");
  // The mistake is announced, tied to its field, and focus goes there.
  await page.getByRole("alert").filter({ hasText: "Passwords don't match" }).waitFor();
  await expect.poll(async () => (await focused(page))?.name).toMatch(/^Confirm password/);
  await expectFieldError(page, /Passwords don't match/);
  await retype(page, PASSWORD);
  await tabTo(page, /^Next$/);
  await page.keyboard.press("Enter");
  await page.getByText("Step 2 of 2").waitFor();
  // The step's first field takes focus (the Next button is gone).
  await expect.poll(async () => (await focused(page))?.name).toMatch(/^Country/);

  await tabTo(page, /^State \/ Region/);
  await page.keyboard.type("FCT");
  if (type === "business") {
    await tabTo(page, /^Business category/);
    await page.keyboard.type("Pharmacy");
  }
  await tabTo(page, /^Create Account$/);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Check Your Email!" }).waitFor();
}

/** Space on the focused file input opens the picker (Enter too); a busy browser may miss the first press. */
async function openFileChooser(page: Page): Promise<FileChooser> {
  for (const key of ["Space", "Enter", "Space"]) {
    const chooser = page.waitForEvent("filechooser", { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press(key);
    const opened = await chooser;
    if (opened) return opened;
  }
  throw new Error("the file input did not open a picker from the keyboard");
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await watchedPage(browser, { userAgent: PHONE, viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  for (const watched of opened) await watched.close();
  await admin?.close();
  await browser?.close();
});

describe("keyboard-only journeys", () => {
  it("(a) a visitor searches, filters in the overlay, opens a business and contacts it; the login dialog traps and returns focus", async () => {
    const page = await newPage();
    await page.goto(url("/"));
    // A reader page: its enhancement script, not React (ADR 29).
    await waitForHydration(page);
    // The featured cards ask anonymous visitors to sign in, in a dialog that takes, keeps and gives back focus.
    const opener = await tabTo(page, (f) => f.name === "View Details" && f.tag === "a");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Login Required" });
    await dialog.waitFor();
    expect((await focused(page))?.inDialog, "focus moves into the dialog").toBe(true);
    for (let i = 0; i < 5; i++) expect((await tab(page))?.inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
    for (let i = 0; i < 3; i++) expect((await tab(page, true))?.inDialog, `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const back = await focused(page);
    expect(back?.name, "focus returns to the link that opened the dialog").toBe(opener.name);
    expect(back?.context).toBe(opener.context);

    // Search from the top of the page.
    await page.goto(url("/"));
    await waitForHydration(page);
    await tabTo(page, (f) => f.type === "search");
    await page.keyboard.type("kitchen");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/businesses" && u.searchParams.get("q") === "kitchen");
    await waitForHydration(page);

    // The phone's filter overlay: opened from the keyboard, focus inside, Escape closes it back to its button.
    await tabTo(page, /^Filters/);
    await page.keyboard.press("Enter");
    const overlay = page.getByRole("complementary", { name: "Filters" });
    await overlay.getByRole("link", { name: "Close filters" }).waitFor();
    await expect.poll(async () => (await focused(page))?.inDialog || Boolean(await page.evaluate(() => document.activeElement?.closest("#filters")))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => overlay.getByRole("link", { name: "Close filters" }).isVisible()).toBe(false);
    expect((await focused(page))?.name).toMatch(/^Filters/);
    await page.keyboard.press("Enter");
    await overlay.getByRole("link", { name: "Close filters" }).waitFor();
    // Tab stays in the open overlay: Shift+Tab from its first control goes round to its last.
    expect((await tab(page))?.name).toBe("Close filters");
    await tab(page, true);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#filters")))).toBe(true);
    await tabTo(page, /^Eatery\s*\d+$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("category") === "Eatery" && u.searchParams.get("q") === "kitchen");
    await waitForHydration(page);

    // The business, then Contact Business: an anonymous visitor is asked to sign in first, and lands in the chat.
    await tabTo(page, (f) => f.name === "View Details" && f.context.includes("Mama Cass Kitchen"));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/businesses\/[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await tabTo(page, /^Contact Business$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/messages\?businessId=/);
    await waitForHydration(page);
    await tabTo(page, /^Email$/);
    await page.keyboard.type("visitor@example.com");
    await tabTo(page, /^Password$/);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/messages" && u.searchParams.has("businessId"));
  });

  it("(b) signs up a new visitor: choice, both steps, a mistake announced and fixed", async () => {
    const page = await newPage();
    const email = `e2e-keys-${randomUUID().slice(0, 8)}@example.ng`;
    await keyboardSignUp(page, "visitor", email);
    await page.goto(linkIn(await mailTo(email, /verify/i)));
    await waitForHydration(page);
    await keyboardSignIn(page, email, PASSWORD);
    expect(new URL(page.url()).pathname).not.toBe("/login");
  });

  it("(d, first half) the admin's sign-in: the reset dialog takes focus, keeps Tab inside, closes on Escape back to its button", async () => {
    const page = admin.page;
    await page.goto(url("/login"));
    await waitForHydration(page);
    await tabTo(page, /^Forgot password\?$/);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.waitFor();
    const first = await focused(page);
    expect(first?.inDialog, "focus moves into the dialog").toBe(true);
    expect(first?.name).toMatch(/^Email address/);
    // Tab and Shift+Tab cycle inside: the dialog has a field and two buttons.
    for (let i = 0; i < 6; i++) expect((await tab(page))?.inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
    for (let i = 0; i < 4; i++) expect((await tab(page, true))?.inDialog, `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    // Sending it empty: the error is announced and tied to the field.
    await tabTo(page, /^Send Reset Link$/);
    await page.keyboard.press("Enter");
    await dialog.getByRole("alert").waitFor();
    await expect.poll(async () => (await focused(page))?.name).toMatch(/^Email address/);
    await expectFieldError(page, /email/i);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await focused(page))?.name, "focus returns to the button that opened the dialog").toBe("Forgot password?");

    await keyboardSignIn(page, "admin@example.com", DEMO_PASSWORD, totpCode(DEMO_ADMIN_TOTP_SECRET));
  });

  let listingName = "";

  it("(c) an owner creates a listing: the empty form's errors announced and focused, every field and the image by keyboard", async () => {
    const page = await newPage();
    const email = `e2e-keys-owner-${randomUUID().slice(0, 8)}@example.ng`;
    await keyboardSignUp(page, "business", email);
    await page.goto(linkIn(await mailTo(email, /verify/i)));
    await waitForHydration(page);
    await keyboardSignIn(page, email, PASSWORD);
    await page.waitForURL((u) => u.pathname === "/dashboard");
    // Set-up, not the journey: the identity check (a file upload) and the admin's approval.
    await submitKyc(page);
    await adminApproves(admin.page, "kyc", "kyc-title", email, APPROVED.kyc);

    await page.goto(url("/business/create"));
    await waitForHydration(page);
    await tabTo(page, /^Create Business$/);
    await page.keyboard.press("Enter");
    // The summary is announced, and focus goes to the first field to fix, which reads its message.
    await page.getByRole("alert").filter({ hasText: /correct|check/i }).first().waitFor();
    await expect.poll(async () => (await focused(page))?.name).toMatch(/^Business name/);
    await expectFieldError(page, /Business name is required/);

    listingName = `Keyboard Kitchen ${randomUUID().slice(0, 6)}`;
    await page.keyboard.type(listingName);
    await tabTo(page, /^Description/);
    await page.keyboard.type("Jollof, fried rice and small chops, cooked fresh every day and delivered across Wuse.");
    await tabTo(page, /^Category/);
    await page.keyboard.type("Eatery");
    await tabTo(page, /^Address/);
    await page.keyboard.type("12 Aminu Kano Crescent, Wuse 2, Abuja");
    await tabTo(page, /^State/);
    await page.keyboard.type("FCT");
    await tabTo(page, /^Phone number/);
    // A number no demo listing has: a listing with the same phone would be asked about first (issue 34).
    await page.keyboard.type("08031239876");
    await tabTo(page, /^Products and services/);
    await page.keyboard.type("Jollof rice");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Small chops");
    // The image: the file input opens the device's picker from the keyboard.
    await tabTo(page, (f) => f.type === "file");
    const chooser = await openFileChooser(page);
    await chooser.setFiles({ name: "front.png", mimeType: "image/png", buffer: await pngImage(900, 600) });
    await tabTo(page, /^Create Business$/);
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.getByText(listingName).first().waitFor();
  });

  it("(d) the admin approves that listing from the keyboard, and the result is announced", async () => {
    expect(listingName).not.toBe("");
    const page = admin.page;
    await page.goto(url("/admin?tab=businesses"));
    await waitForHydration(page);
    await tabTo(page, (f) => f.name === "Approve" && f.context.includes(listingName), { max: 400 });
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: APPROVED.business }).first().waitFor();
  });
});
