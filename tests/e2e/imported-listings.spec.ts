/**
 * Issue 34's journey in chromium, on a phone-sized screen: the operator imports an OpenStreetMap extract with the
 * command (`npm run cli -- import:osm`, in the fresh clone, into the DATA_DIR a server then serves: the embedded
 * database is one process's, so an operator imports before starting it); a visitor finds the imported pharmacy by
 * name, with 'Open now' and near the street it is on, reads that it is not yet claimed and who mapped it; an owner signs up by phone, claims it
 * with the code sent to the pharmacy's own phone (read from the outbox), edits it, and it shows as claimed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ProductionServer } from "../support/server-process.mjs";
import { pngImage } from "../support/images";
import { osmXml } from "../support/osm-extract";
import { codeFromSms } from "./account-steps";
import { cloneDir, launchBrowser, SHUTDOWN_LIMIT_MS, waitForHydration, watchedPage } from "./harness";


const tag = `Zuma${Date.now().toString(36)}`;
const tail = String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0");
/** The pharmacy's own mobile, as OSM has it, and the owner's. */
const pharmacyPhone = { typed: `0816 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234816${tail}` };
const ownerPhone = { typed: `0817 ${tail.slice(0, 3)} ${tail.slice(3)}`, e164: `+234817${tail}` };

let server: ProductionServer;
let browser: Browser;
let importOutput = "";
const at = (pathname: string) => new URL(pathname, server.baseUrl).toString();

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), "nd-e2e-import-"));
  const extract = path.join(work, "ikeja.osm");
  writeFileSync(
    extract,
    osmXml([
      { id: 7_100_000_001, lat: 6.6018, lon: 3.3515, tags: { amenity: "pharmacy", name: `${tag} Chemist`, phone: pharmacyPhone.typed, opening_hours: "24/7", "addr:street": "Allen Avenue" } },
      { id: 7_100_000_002, lat: 6.6031, lon: 3.3522, tags: { shop: "bakery", name: `${tag} Bakery`, "addr:street": "Allen Avenue" } },
      { id: 7_100_000_003, lat: 6.6035, lon: 3.3525, tags: { amenity: "bench" } },
    ]),
  );
  const dataDir = path.join(work, "data");
  // The operator's command, as the README gives it, on the embedded database the server will use.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  for (const name of ["NODE_ENV", "DATABASE_URL", "TEST_DATABASE_URL", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("npm_")) delete env[name];
  importOutput = execFileSync("npm", ["run", "--silent", "cli", "--", "import:osm", extract], { cwd: cloneDir(), env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  server = await startProductionServer({ root: cloneDir(), dataDir, logFile: path.join(work, "server.log") });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  const stopped = await server?.stop({ timeoutMs: SHUTDOWN_LIMIT_MS });
  expect(stopped?.exitedInTime ?? true).toBe(true);
});

async function signUpOwnerByPhone(page: Page): Promise<string> {
  await page.goto(at("/register/business?with=phone"));
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Funmi");
  await page.getByLabel("Last name").fill("Adeyemi");
  await page.getByLabel("Mobile number").fill(ownerPhone.typed);
  await page.getByLabel("State / Region").selectOption("Lagos");
  await page.getByLabel("Business category").selectOption("Pharmacy store");
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code from the SMS").waitFor();
  const code = await codeFromSms(ownerPhone.e164, new Set(), server.baseUrl);
  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((u) => u.pathname === "/dashboard");
  return code;
}

describe("a directory that fills itself", () => {
  it("imported by the operator, found by a visitor, claimed and edited by its owner", async () => {
    expect(importOutput).toMatch(/listings added\s+2/);
    expect(importOutput).toMatch(/skipped: no-name\s+1/);

    const visitor = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    const owner = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
    try {
      // By name, then 'Open now' (the pharmacy is open 24/7; the bakery lists no hours).
      const card = (name: string) => visitor.page.locator("article", { has: visitor.page.getByRole("heading", { name }) });
      await visitor.page.goto(at(`/businesses?q=${tag}`));
      await card(`${tag} Chemist`).waitFor();
      await card(`${tag} Bakery`).waitFor();
      await card(`${tag} Chemist`).getByText("Not yet claimed by the owner").waitFor();
      expect(await card(`${tag} Chemist`).getByRole("link", { name: "Contact" }).count()).toBe(0);
      await visitor.page.getByText("Listing data © OpenStreetMap contributors").waitFor();
      await visitor.page.goto(at(`/businesses?q=${tag}&open=now`));
      await card(`${tag} Chemist`).waitFor();
      expect(await card(`${tag} Bakery`).count()).toBe(0);
      // A street as the place to search near (issue 32): the two listings on Allen Avenue make it one, offered with
      // Ikeja chosen in the 'Near me' panel, and the page names it.
      await visitor.page.goto(at(`/businesses?q=${tag}&region=Lagos&lga=Ikeja#near-me`));
      await visitor.page.getByRole("link", { name: "Near Allen Avenue" }).click();
      await visitor.page.waitForURL((u) => u.searchParams.get("near") === "Allen Avenue, Ikeja, Lagos");
      await visitor.page.getByText(/^2 businesses for “.*” within 25 km of Allen Avenue, Ikeja, Lagos/).waitFor();
      await visitor.page.goto(at(`/businesses?q=${tag}&open=now`));
      await card(`${tag} Chemist`).getByRole("link", { name: "View Details" }).click();
      await visitor.page.waitForURL((u) => u.pathname.startsWith("/businesses/"));
      const listingPath = new URL(visitor.page.url()).pathname;
      await visitor.page.getByText("Not yet claimed by the owner").waitFor();
      expect(await visitor.page.getByRole("link", { name: /Contact Business/ }).count()).toBe(0);
      expect(await visitor.page.getByRole("link", { name: "Call" }).count()).toBe(1);

      // The owner: a business account by phone, then 'Claim it' on the listing.
      await signUpOwnerByPhone(owner.page);
      await owner.page.goto(at(listingPath));
      await owner.page.getByRole("link", { name: "Is this your business? Claim it" }).click();
      await owner.page.waitForURL((u) => u.pathname.startsWith("/business/claim/"));
      await waitForHydration(owner.page);
      await owner.page.getByRole("button", { name: /^Text a code to 0816/ }).click();
      await owner.page.getByLabel("Code from the SMS").waitFor();
      const code = await codeFromSms(pharmacyPhone.e164, new Set(), server.baseUrl);
      await owner.page.getByLabel("Code from the SMS").fill(code === "000000" ? "111111" : "000000");
      await owner.page.getByRole("button", { name: "Claim this business" }).click();
      await owner.page.getByText("That code is not right. Check the SMS and try again.").waitFor();
      await owner.page.getByLabel("Code from the SMS").fill(code);
      await owner.page.getByRole("button", { name: "Claim this business" }).click();
      await owner.page.waitForURL((u) => u.pathname.startsWith("/business/edit/"));
      await owner.page.getByText(`${tag} Chemist is yours now.`).waitFor();

      // The owner completes what the map did not have (a description, products: reviewed before they show) and moves
      // it to another category (shown at once).
      await waitForHydration(owner.page);
      expect(await owner.page.getByLabel("Business name").inputValue()).toBe(`${tag} Chemist`);
      await owner.page.getByLabel("Description").fill("A community pharmacy on Allen Avenue, open day and night, with a pharmacist on duty.");
      await owner.page.getByLabel("Products and services").fill("Prescriptions\nMalaria tests");
      await owner.page.getByLabel("Category").selectOption("Clinic");
      // A listing shows at least one photo: the map had none.
      await owner.page.locator("#listing-images").setInputFiles([{ name: "shopfront.png", mimeType: "image/png", buffer: await pngImage(900, 600) }]);
      await owner.page.getByRole("button", { name: "Save Changes" }).click();
      await owner.page.waitForURL((u) => u.pathname === "/dashboard");
      await owner.page.getByText(`${tag} Chemist`).first().waitFor();

      // Claimed: for the next visitor (this one's browser may keep its copy of the page a minute), no 'not yet
      // claimed', the new category, and messages open.
      const next = await watchedPage(browser, { viewport: { width: 360, height: 780 } });
      try {
        await next.page.goto(at(listingPath));
        await next.page.getByRole("heading", { name: `${tag} Chemist` }).waitFor();
        expect(await next.page.getByText("Not yet claimed by the owner").count()).toBe(0);
        await next.page.getByText("Clinic").first().waitFor();
        await next.page.getByRole("link", { name: /Contact Business/ }).waitFor();
        expect(next.errors).toEqual([]);
      } finally {
        await next.close();
      }
      expect(visitor.errors).toEqual([]);
      expect(owner.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await visitor.close();
      await owner.close();
    }
  }, 180_000);
});
