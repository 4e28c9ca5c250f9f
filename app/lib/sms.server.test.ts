/**
 * Text messages on the job queue through Termii's API (ADR 35), against a local fake Termii that speaks its documented
 * protocol and can be down, slow or limiting the rate (tests/support/fake-termii.ts). Our side of the contract: what
 * we send, what we do with each answer, and that nothing is lost or sent twice.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JOB_HANDLERS } from "../../server/jobs";
import { fakeTermii, type FakeTermii } from "../../tests/support/fake-termii";
import { getDb, queryRows } from "./db.server";
import { listOutbox } from "./email.server";
import { getEnv, setEnv, type Env } from "./env.server";
import { getMetrics } from "./metrics.server";
import { runDueJobs } from "./jobs.server";
import { enqueueSms, SMS_QUEUE, termiiProvider } from "./sms.server";

let termii: FakeTermii;
let original: Env;

beforeAll(async () => {
  termii = await fakeTermii({ unreachable: (to) => to.startsWith("2340000") });
  original = getEnv();
});
afterEach(() => {
  setEnv(original);
  termii.behave("ok");
});
afterAll(async () => {
  setEnv(original);
  await termii?.close();
});

function useTermii(): void {
  setEnv({ ...original, SMS_PROVIDER: "termii", TERMII_API_KEY: termii.apiKey, TERMII_SENDER_ID: "NaijaDir", TERMII_BASE_URL: termii.baseUrl });
}

const jobsTo = (to: string) =>
  queryRows<{ state: string; retry_count: number; output: { message?: string } | null }>(
    getDb(),
    sql`select state::text, retry_count, output from pgboss.job where name = ${SMS_QUEUE} and data->>'to' = ${to} order by created_on`,
  );

/** The retries' waits (10 s, doubling) moved to now: what the clock would do. */
const retryNow = () => getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${SMS_QUEUE} and state = 'retry'`);

describe("SMS through Termii", () => {
  it("sends a committed text once on the transactional (dnd) route, with our sender ID and key; a rolled-back one never", async () => {
    useTermii();
    await getDb()
      .transaction(async (tx) => {
        await enqueueSms(tx, { to: "+2348030000001", text: "never" });
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    const billed = async () => (await getMetrics().textsBilled.get()).values.find((v) => v.labels.channel === "sms")?.value ?? 0;
    const before = await billed();
    await getDb().transaction((tx) => enqueueSms(tx, { to: "+2348030000002", text: "Naija Directory: your code is 123456" }));
    await runDueJobs(JOB_HANDLERS);
    await runDueJobs(JOB_HANDLERS);
    // What it cost: one page (counted once, though the queue ran twice).
    expect((await billed()) - before).toBe(1);
    expect(termii.sent.filter((s) => s.to === "2348030000002")).toEqual([
      expect.objectContaining({ from: "NaijaDir", text: "Naija Directory: your code is 123456", channel: "dnd", kind: "sms" }),
    ]);
    expect(termii.calls.find((c) => c.body.to === "2348030000002")?.body).toMatchObject({ api_key: termii.apiKey, type: "plain" });
    expect(termii.calls.some((c) => c.body.to === "2348030000001")).toBe(false);
    expect(await jobsTo("+2348030000001")).toEqual([]);
    expect((await jobsTo("+2348030000002")).map((j) => j.state)).toEqual(["completed"]);
  });

  it("Termii down, then limiting the rate, then back: the text is tried again and arrives once", async () => {
    useTermii();
    const to = "+2348030000003";
    await getDb().transaction((tx) => enqueueSms(tx, { to, text: "New message for Mama Put" }));
    termii.behave("down", { times: 1 });
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo(to)).toMatchObject([{ state: "retry", output: { message: "Termii failed (503): Service Unavailable" } }]);
    termii.behave("rate-limited", { times: 1 });
    await retryNow();
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo(to)).toMatchObject([{ state: "retry", retry_count: 1, output: { message: "Termii is limiting the rate (429): Too Many Requests" } }]);
    await retryNow();
    await runDueJobs(JOB_HANDLERS);
    await retryNow();
    await runDueJobs(JOB_HANDLERS);
    expect(termii.sent.filter((s) => s.to === to.slice(1))).toHaveLength(1);
    expect(termii.calls.filter((c) => c.body.to === to.slice(1)).map((c) => c.status)).toEqual([503, 429, 200]);
    expect((await jobsTo(to)).map((j) => j.state)).toEqual(["completed"]);
  });

  it("a number no network serves fails for good at once, with Termii's words and without the number", async () => {
    useTermii();
    const to = "+2340000000004";
    await getDb().transaction((tx) => enqueueSms(tx, { to, text: "hello" }));
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo(to)).toEqual([{ state: "failed", retry_count: 0, output: { message: "Termii refused the message (400): Invalid phone number" } }]);
  });

  it("a Termii that does not answer counts as failed after the timeout; a wrong key is tried again, never taken", async () => {
    termii.behave("hang");
    const slow = termiiProvider({ apiKey: termii.apiKey, senderId: "NaijaDir", baseUrl: termii.baseUrl, timeoutMs: 200 });
    await expect(slow.send({ to: "+2348030000005", text: "hi" })).rejects.toThrow("Termii did not answer within 200 ms");
    termii.behave("ok");
    const wrongKey = termiiProvider({ apiKey: "TLwrongwrongwrongwrong", senderId: "NaijaDir", baseUrl: termii.baseUrl });
    const refused = await wrongKey.send({ to: "+2348030000005", text: "hi" }).catch((error: unknown) => error as Error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).name).toBe("Error");
    expect((refused as Error).message).toBe("Termii refused the request (401): Invalid api key");
    expect(termii.sent.filter((s) => s.to === "2348030000005")).toEqual([]);
  });

  it("reads a code out by voice call, the code we chose", async () => {
    const provider = termiiProvider({ apiKey: termii.apiKey, senderId: "NaijaDir", baseUrl: termii.baseUrl });
    const receipt = await provider.callWithCode("+2348030000006", "482913");
    expect(receipt).toEqual({ provider: "termii", messageId: expect.stringMatching(/^\d+$/) });
    expect(termii.calls.at(-1)?.body).toEqual({ api_key: termii.apiKey, phone_number: "2348030000006", code: 482913 });
  });
});

describe("SMS without a provider", () => {
  it("a local trial keeps it in the development outbox (channel 'sms'); production sends none and says why", async () => {
    await getDb().transaction((tx) => enqueueSms(tx, { to: "+2348030000007", text: "Naija Directory: code 654321" }));
    await runDueJobs(JOB_HANDLERS);
    expect((await listOutbox()).filter((m) => m.to === "+2348030000007")).toEqual([
      expect.objectContaining({ channel: "sms", subject: "", text: "Naija Directory: code 654321" }),
    ]);

    setEnv({ ...original, isProduction: true });
    await getDb().transaction((tx) => enqueueSms(tx, { to: "+2348030000008", text: "hello" }));
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo("+2348030000008")).toEqual([{ state: "failed", retry_count: 0, output: { message: "no SMS provider is configured (SMS_PROVIDER)" } }]);
    expect((await listOutbox()).some((m) => m.to === "+2348030000008")).toBe(false);
  });
});
