/**
 * Phone first (issue 33), as people use it in chromium on a phone-sized screen: a visitor signs up and later signs in
 * with only a mobile number, reading each code from the SMS (the development outbox, /dev/mailbox.json, channel
 * 'sms'); an owner verifies their number, chooses WhatsApp, and hears of a visitor's message on WhatsApp within
 * seconds (channel 'whatsapp'), sent by the server's own job workers.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/data";
import { codeFromSms, useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

/** Console errors other than the refusals the journey provokes on purpose (a mistyped number, a wrong code: 400). */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

type Outgoing = { to: string; channel: string; subject: string; text: string; createdAt: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A mobile number no other journey uses, as typed (0803 …) and as stored (+234…). */
function freshNumber() {
  const tail = String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0");
  return { typed: `0813 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234813${tail}` };
}

/** The newest message to `to` on `channel` whose text matches, from the outbox (polled until `withinMs`). */
async function outgoing(to: string, channel: string, match: RegExp, withinMs = 15_000): Promise<Outgoing> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const all = (await (await fetch(url("/dev/mailbox.json"))).json()) as Outgoing[];
    const found = all.find((m) => m.to === to && m.channel === channel && match.test(m.text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing on ${channel} to ${to} matching ${match} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The name on the signed-in person's profile page (null: signed out, sent to /login). */
async function signedInName(page: Page): Promise<string | null> {
  await page.goto(url("/profile"));
  if (new URL(page.url()).pathname !== "/profile") return null;
  const name = page.locator('section[aria-labelledby="details-title"] dd').nth(1);
  return (await name.textContent())?.trim() ?? null;
}

/** Signs up as a visitor with only a mobile number; returns the codes used. */
async function signUpByPhone(page: Page, number: { typed: string; e164: string }, firstName: string): Promise<Set<string>> {
  await page.goto(url("/register/visitor"));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Phone number" }).click();
  await page.waitForURL((u) => u.searchParams.get("with") === "phone");
  await waitForHydration(page);
  // The URL changes as the navigation commits; the phone form is rendered a moment later (on a busy machine the
  // e-mail form's password field was still there when counted at once).
  await page.getByLabel("Mobile number").waitFor();
  expect(await page.getByLabel("Password", { exact: true }).count()).toBe(0);
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Okoro");
  // A number typed wrong keeps everything typed, with the reason beside the field.
  await page.getByLabel("Mobile number").fill("0813 12");
  await page.getByLabel("State / Region").selectOption("Lagos");
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByText("Enter a Nigerian mobile number, such as 0803 555 0141.").waitFor();
  expect(await page.getByLabel("First name").inputValue()).toBe(firstName);
  await page.getByLabel("Mobile number").fill(number.typed);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code from the SMS").waitFor();
  const code = await codeFromSms(number.e164);
  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  return new Set([code]);
}

describe("phone-first accounts", () => {
  it("a visitor signs up, and later signs in on another device, with only a phone number", async () => {
    const first = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    const second = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    try {
      const number = freshNumber();
      const used = await signUpByPhone(first.page, number, "Chiamaka");
      expect(await signedInName(first.page)).toBe("Chiamaka Okoro");

      // Another phone: sign in with the number; the code step offers a new code and a call.
      await second.page.goto(url("/login"));
      await waitForHydration(second.page);
      await second.page.getByRole("link", { name: "Phone number" }).click();
      await second.page.waitForURL((u) => u.searchParams.get("with") === "phone");
      await waitForHydration(second.page);
      await second.page.getByLabel("Mobile number").fill(number.e164.replace("+234", "+234 (0) "));
      await second.page.getByRole("button", { name: "Send code" }).click();
      await second.page.getByRole("button", { name: "Call me with the code instead" }).waitFor();
      const code = await codeFromSms(number.e164, used);
      // A wrong code first: told so, still on the code step.
      await second.page.getByLabel("Code from the SMS").fill(code === "000000" ? "111111" : "000000");
      await second.page.getByRole("button", { name: "Sign In" }).click();
      await second.page.getByText("That code is not right. Check the SMS and try again.").waitFor();
      await second.page.getByLabel("Code from the SMS").fill(code);
      await second.page.getByRole("button", { name: "Sign In" }).click();
      await second.page.waitForURL((u) => u.pathname === "/");
      expect(await signedInName(second.page)).toBe("Chiamaka Okoro");
      expect(unexpected(first.errors)).toEqual([]);
      expect(unexpected(second.errors)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("an owner chooses WhatsApp and hears of a visitor's message there within seconds", async () => {
    const owner = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    const visitor = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    try {
      await useDemoSession(owner.page, "cassandra.okon@example.com");
      await owner.page.goto(url("/profile"));
      await waitForHydration(owner.page);
      const ownerNumber = freshNumber();
      const phoneCard = owner.page.locator('section[aria-labelledby="phone-title"]');
      await phoneCard.getByLabel(/Mobile number/).fill(ownerNumber.typed);
      // A new number is a new way into the account: the password confirms it is the owner, not whoever holds the phone.
      await phoneCard.getByLabel("Your password").fill(DEMO_PASSWORD);
      await phoneCard.getByRole("button", { name: "Send code" }).click();
      await owner.page.getByLabel("Code from the SMS").fill(await codeFromSms(ownerNumber.e164));
      await owner.page.getByRole("button", { name: "Confirm number" }).click();
      await owner.page.getByText(/Your phone number .* is verified\./).waitFor();

      // WhatsApp (and e-mail as before); quiet hours that are not now, whenever this runs.
      const notices = owner.page.locator('section[aria-labelledby="notices-title"]');
      await notices.getByLabel("WhatsApp").check();
      const hour = new Date(Date.now() + 3_600_000).getUTCHours();
      await notices.getByRole("combobox", { name: /^Quiet hours/ }).selectOption(String((hour + 3) % 24));
      await notices.getByRole("combobox", { name: /^until/ }).selectOption(String((hour + 5) % 24));
      await notices.getByRole("button", { name: "Save notifications" }).click();
      await owner.page.getByText("Your notification choices are saved.").waitFor();

      await owner.page.goto(url("/dashboard"));
      const listing = owner.page.locator('main section[aria-labelledby="listings-title"] h3 a[href^="/businesses/"]').first();
      await listing.waitFor();
      const businessPath = (await listing.getAttribute("href"))!;

      await signUpByPhone(visitor.page, freshNumber(), "Emeka");
      await visitor.page.goto(url(businessPath));
      await waitForHydration(visitor.page);
      await visitor.page.getByRole("link", { name: /Contact Business/ }).click();
      await visitor.page.waitForURL((target) => target.pathname === "/messages" && target.searchParams.has("businessId"));
      await waitForHydration(visitor.page);
      const words = `Do you cater for 40 people on Saturday? ${Date.now()}`;
      const box = visitor.page.getByRole("textbox", { name: "Message" });
      await box.fill(words);
      const sentAt = Date.now();
      await box.press("Enter");
      await visitor.page.getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();

      const notice = await outgoing(ownerNumber.e164, "whatsapp", /Emeka Okoro wrote to /, 10_000);
      expect(Date.parse(notice.createdAt) - sentAt).toBeLessThan(10_000);
      expect(notice.text).toContain(words.slice(0, 40));
      expect(notice.text).toMatch(/Stop these texts: \S+\/profile/);
      expect(unexpected(owner.errors)).toEqual([]);
      expect(unexpected(visitor.errors)).toEqual([]);
    } finally {
      await owner.close();
      await visitor.close();
    }
  });
});
