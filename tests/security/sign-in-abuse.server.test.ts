/**
 * Sign-in abuse, through the whole server: a real socket, the Hono app with a TLS proxy in front of it
 * (TRUSTED_PROXIES, the proxy on loopback appending X-Forwarded-For), React Router running the real /login
 * action, the real database. Legitimate users must keep signing in; attackers must be slowed.
 * Time is moved in the rate-limit rows (tests/support/rate-limits.ts), so waits of minutes take none.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../db/schema";
import { createVisitor, DEFAULT_PASSWORD, uniqueEmail } from "../../db/seed/factories";
import { ACCOUNT_TEXTS, signInDelayedText } from "../../app/features/accounts/account.schemas";
import { SIGN_IN_KEYS, SIGN_IN_LIMITS } from "../../app/features/accounts/internal/account-limits.server";
import { getDb } from "../../app/lib/db.server";
import { deliveredMail } from "../support/outbox";
import { getEnv } from "../../app/lib/env.server";
import * as login from "../../app/routes/auth/login";
import { createApp } from "../../server/app";
import { passTime, setCount } from "../support/rate-limits";
import { jsonRouteBuild, type RouteAnswer } from "../support/json-route-build";
import { listen, type Listening } from "../support/server";

let server: Listening;

beforeAll(async () => {
  const app = createApp({ env: { ...getEnv(), TRUSTED_PROXIES: ["127.0.0.1", "::1"] }, build: async () => jsonRouteBuild({ login }) });
  server = await listen(app);
});
afterAll(async () => {
  await server?.close();
});

type Attempt = { signedIn: boolean; status: number; error?: string; reason?: string; cookies: string[] };

/**
 * Posts the sign-in form as a browser behind the proxy would: `client` is the address the proxy appends to
 * X-Forwarded-For; `forged` is what the client itself wrote there (the proxy keeps it, on the left).
 */
async function post(form: Record<string, string>, client: string, options: { cookie?: string; forged?: string } = {}): Promise<Attempt> {
  const headers: Record<string, string> = {
    origin: server.url,
    "content-type": "application/x-www-form-urlencoded",
    "x-forwarded-for": options.forged ? `${options.forged}, ${client}` : client,
  };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${server.url}/login`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (response.status === 302) return { signedIn: true, status: 302, cookies };
  const answer = (await response.json()) as RouteAnswer & { actionData: { error?: string; reason?: string } };
  return { signedIn: false, status: response.status, error: answer.actionData?.error, reason: answer.actionData?.reason, cookies };
}

const signIn = (email: string, password: string, client: string, options: { cookie?: string; forged?: string } = {}) =>
  post({ email, password }, client, options);

let clients = 0;
/** A fresh public address (each a different person, or a different bot of a botnet). */
const nextClient = () => `198.51.${(++clients >> 8) & 255}.${clients & 255}`;

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

describe("sign-in abuse behind a trusted proxy", () => {
  it("slows one attacking address while the people behind other addresses keep signing in; forged X-Forwarded-For entries do not help", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createVisitor(getDb())));
    const attacker = "203.0.113.66";
    // The attacker's earlier wrong passwords this window, as if made (the last few are made for real).
    await setCount(SIGN_IN_KEYS.addressFailures(attacker), SIGN_IN_LIMITS.addressFailures - 5);
    let checked = 0;
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      // A new victim each time and a new forged left-most entry: neither resets anything.
      const attempt = await signIn(uniqueEmail("victim"), `Guess-${i}-password`, attacker, { forged: `10.66.0.${i}` });
      if (attempt.reason === "invalid") checked++;
      else if (attempt.status === 429 && attempt.error === ACCOUNT_TEXTS.tooManyRequests) refused++;
      else throw new Error(`unexpected answer ${JSON.stringify(attempt)}`);
    }
    expect({ checked, refused }).toEqual({ checked: 5, refused: 15 });
    // Even the attacker's own right password waits for the window to pass.
    expect((await signIn(people[0]!.email, DEFAULT_PASSWORD, attacker)).status).toBe(429);

    // Everyone else, each behind their own address and the same proxy, signs in.
    await inBatches(people, 2, async (person) => {
      expect(await signIn(person.email, DEFAULT_PASSWORD, nextClient())).toMatchObject({ signedIn: true });
    });
  });

  it("records the forwarded client address on the session, never a forged one", async () => {
    const person = await createVisitor(getDb());
    const client = nextClient();
    expect(await signIn(person.email, DEFAULT_PASSWORD, client, { forged: "6.6.6.6" })).toMatchObject({ signedIn: true });
    const [row] = await getDb()
      .select({ ipAddress: session.ipAddress })
      .from(session)
      .where(eq(session.userId, person.id))
      .orderBy(desc(session.createdAt))
      .limit(1);
    expect(row?.ipAddress).toBe(client);
  });

  it("lets the many people behind one carrier address (carrier-grade NAT) sign in, typos and all", async () => {
    const carrier = "102.89.44.7";
    // 60 sign-ins and 12 typos from one address: more than the 50 attempts per address there used to be.
    const people = await Promise.all(Array.from({ length: 60 }, () => createVisitor(getDb())));
    let typos = 0;
    await inBatches(people, 4, async (person) => {
      const index = people.indexOf(person);
      if (index % 5 === 0) {
        typos++;
        expect(await signIn(person.email, "Demo-Passw0rd?", carrier)).toMatchObject({ status: 401, reason: "invalid" });
      }
      expect(await signIn(person.email, DEFAULT_PASSWORD, carrier)).toMatchObject({ signedIn: true });
    });
    expect(typos).toBe(12);
  });

  it("slows an attacker hammering one account; the owner's browser goes straight in, anyone else once the wait is over, and a reset clears it", async () => {
    const owner = await createVisitor(getDb());
    // Yesterday the owner signed in from this browser: it holds the known-device cookie.
    const earlier = await signIn(owner.email, DEFAULT_PASSWORD, nextClient());
    const knownBrowser = earlier.cookies.find((c) => c.startsWith("nd.known_device="))!;
    expect(knownBrowser).toBeDefined();

    // A botnet: every guess from a new address. The first five are checked; then each must wait its turn.
    for (let i = 0; i < SIGN_IN_LIMITS.account.freeAttempts; i++) {
      expect(await signIn(owner.email, `Guess-${i}-password`, nextClient())).toMatchObject({ status: 401, reason: "invalid" });
    }
    expect(await signIn(owner.email, "Guess-5-password", nextClient())).toMatchObject({ status: 429, reason: "rate-limited" });
    // A burst of 20 more (real time passes too, so a wait of 2 or 4 s may run out meanwhile).
    let checked = 0;
    for (let i = 0; i < 20; i++) {
      const attempt = await signIn(owner.email, `Burst-${i}-password`, nextClient());
      if (attempt.reason === "invalid") checked++;
      else expect(attempt).toMatchObject({ status: 429, reason: "rate-limited" });
    }
    expect(checked).toBeLessThanOrEqual(3);
    // Over a simulated hour of guessing as fast as allowed, the wait doubles each time: few guesses get through.
    let elapsed = 0;
    let hourly = 0;
    while (elapsed < 3600) {
      const attempt = await signIn(owner.email, `Guess-h${elapsed}-password`, nextClient());
      if (attempt.reason === "invalid") {
        hourly++;
        continue;
      }
      const wait = Number(attempt.error!.match(/in (\d+) (second|minute)/)![1]) * (attempt.error!.includes("minute") ? 60 : 1);
      await passTime(wait);
      elapsed += wait;
    }
    expect(hourly).toBeLessThanOrEqual(12);
    // The last wait has just run out: one more guess gets checked, and a new wait begins.
    expect(await signIn(owner.email, "Guess-last-password", nextClient())).toMatchObject({ status: 401, reason: "invalid" });

    // The owner's browser is not held back by any of it.
    expect(await signIn(owner.email, DEFAULT_PASSWORD, nextClient(), { cookie: knownBrowser })).toMatchObject({ signedIn: true });
    // A new browser, even with the right password, waits like everyone else...
    const waiting = await signIn(owner.email, DEFAULT_PASSWORD, nextClient());
    expect(waiting).toMatchObject({ status: 429, reason: "rate-limited" });
    expect(waiting.error).toMatch(/^Too many wrong passwords for this account\. Please try again in \d+ (seconds?|minutes?)/);
    // ...never longer than the cap, and then it goes in.
    await passTime(SIGN_IN_LIMITS.account.maxDelaySeconds);
    expect(await signIn(owner.email, DEFAULT_PASSWORD, nextClient())).toMatchObject({ signedIn: true });

    // The attacker starts again; the owner resets the password and signs in at once from a new browser.
    for (let wrong = 0; wrong < 8; ) {
      const attempt = await signIn(owner.email, `Again-${wrong}-password`, nextClient());
      if (attempt.status === 429) await passTime(SIGN_IN_LIMITS.account.maxDelaySeconds);
      else wrong++;
    }
    expect(await signIn(owner.email, DEFAULT_PASSWORD, nextClient())).toMatchObject({ status: 429 });
    const client = nextClient();
    expect(await post({ intent: "forgot", email: owner.email }, client)).toMatchObject({ status: 200 });
    const token = await resetTokenFor(owner.email);
    const reset = await post({ intent: "reset", token, password: "Harmattan-Breeze-77", confirmPassword: "Harmattan-Breeze-77" }, client);
    expect(reset).toMatchObject({ signedIn: true }); // 302 to /login?passwordReset=true
    expect(await signIn(owner.email, "Harmattan-Breeze-77", nextClient())).toMatchObject({ signedIn: true });
  });

  it("answers the wait for an unknown e-mail exactly as for a real account", async () => {
    const owner = await createVisitor(getDb());
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < SIGN_IN_LIMITS.account.freeAttempts; i++) {
      await signIn(owner.email, `Guess-${i}-password`, nextClient());
      await signIn(ghost, `Guess-${i}-password`, nextClient());
    }
    const real = await signIn(owner.email, "Guess-x-password", nextClient());
    const unknown = await signIn(ghost, "Guess-x-password", nextClient());
    expect(real).toMatchObject({ status: 429, error: signInDelayedText(2) });
    expect({ ...unknown, cookies: [] }).toEqual({ ...real, cookies: [] });
  });
});

/** The token of the reset link e-mailed to `email` (the mail may be sent in the background). */
async function resetTokenFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = (await deliveredMail()).find((m) => m.to === email && /reset/i.test(m.subject));
    if (mail) return new URL(mail.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset e-mail to ${email}`);
}
