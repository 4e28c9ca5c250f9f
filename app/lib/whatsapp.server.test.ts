/**
 * WhatsApp messages on the job queue through the Cloud API, and the webhook that reports what became of them (ADR 36),
 * against a local fake Graph API that speaks its documented protocol and can be down, slow or limiting the rate
 * (tests/support/fake-graph-api.ts). The webhook is reached over HTTP through the real server.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JOB_HANDLERS } from "../../server/jobs";
import { fakeGraphApi, type FakeGraphApi } from "../../tests/support/fake-graph-api";
import { listen, testApp, type Listening } from "../../tests/support/server";
import { getMetrics } from "./metrics.server";
import { getDb, queryRows } from "./db.server";
import { listOutbox } from "./email.server";
import { getEnv, setEnv, type Env } from "./env.server";
import { runDueJobs } from "./jobs.server";
import { enqueueWhatsApp, WHATSAPP_QUEUE, type OutgoingWhatsApp } from "./whatsapp.server";

let graph: FakeGraphApi;
let server: Listening;
let original: Env;
const VERIFY_TOKEN = "verify-me-please-0123456789";

beforeAll(async () => {
  graph = await fakeGraphApi({ templates: ["new_message_notice"], unreachable: (to) => to.startsWith("2340000") });
  original = getEnv();
  server = await listen(testApp());
});
afterEach(() => {
  useWhatsApp();
  graph.behave("ok");
});
afterAll(async () => {
  setEnv(original);
  await server?.close();
  await graph?.close();
});

function useWhatsApp(): void {
  setEnv({
    ...original,
    WHATSAPP_ACCESS_TOKEN: graph.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
    WHATSAPP_APP_SECRET: graph.appSecret,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_GRAPH_URL: graph.graphUrl,
  });
}

const notice = (to: string, text = "Ada wrote to Mama Put: Are you open on Sunday?"): OutgoingWhatsApp => ({
  to,
  template: { name: "new_message_notice", language: "en", category: "utility", params: ["Ada", "Mama Put"] },
  text,
});

const sendNow = async (message: OutgoingWhatsApp) => {
  await getDb().transaction((tx) => enqueueWhatsApp(tx, message));
  await runDueJobs(JOB_HANDLERS);
};

const record = async (to: string) =>
  queryRows<{ wamid: string; template: string | null; category: string; status: string; error: string | null }>(
    getDb(),
    sql`select wamid, template, category, status, error from whatsapp_messages where "to" = ${to} order by created_at`,
  );
const jobsTo = (to: string) =>
  queryRows<{ state: string; output: { message?: string } | null }>(
    getDb(),
    sql`select state::text, output from pgboss.job where name = ${WHATSAPP_QUEUE} and data->>'to' = ${to} order by created_on`,
  );
const retryNow = () => getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${WHATSAPP_QUEUE} and state = 'retry'`);

const postEvent = (event: { body: string; signature: string }, signature = event.signature) =>
  fetch(`${server.url}/api/whatsapp/webhook`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: event.body });

describe("sending WhatsApp messages", () => {
  it("starts a conversation with the approved template (billed as utility), and records it for the webhook", async () => {
    useWhatsApp();
    const billed = async () => (await getMetrics().textsBilled.get()).values.find((v) => v.labels.channel === "whatsapp" && v.labels.unit === "utility")?.value ?? 0;
    const before = await billed();
    await sendNow(notice("+2348050000001"));
    expect((await billed()) - before).toBe(1);
    const [sent] = graph.sent.filter((s) => s.to === "2348050000001");
    expect(sent).toMatchObject({ type: "template", template: "new_message_notice", params: ["Ada", "Mama Put"] });
    expect(graph.calls.find((c) => c.body.to === "2348050000001")).toMatchObject({
      authorization: `Bearer ${graph.accessToken}`,
      body: { messaging_product: "whatsapp", recipient_type: "individual", type: "template" },
    });
    expect(await record("+2348050000001")).toEqual([{ wamid: sent!.wamid, template: "new_message_notice", category: "utility", status: "sent", error: null }]);
  });

  it("replies with free text inside the person's 24-hour window, opened by their message to us", async () => {
    useWhatsApp();
    // They wrote 25 hours ago: the window is shut, a template it is.
    expect((await postEvent(graph.inboundEvent("2348050000002", "Hello", { timestamp: Math.floor(Date.now() / 1000) - 25 * 3600 }))).status).toBe(200);
    await sendNow(notice("+2348050000002"));
    expect(graph.sent.filter((s) => s.to === "2348050000002").map((s) => s.type)).toEqual(["template"]);
    // They write now: the next message is free text.
    expect((await postEvent(graph.inboundEvent("2348050000002", "Are you open?"))).status).toBe(200);
    await sendNow(notice("+2348050000002", "Mama Put answered: Yes, 9 to 5."));
    expect(graph.sent.filter((s) => s.to === "2348050000002").at(-1)).toMatchObject({ type: "text", text: "Mama Put answered: Yes, 9 to 5." });
    expect((await record("+2348050000002")).map((r) => r.category)).toEqual(["utility", "service"]);
  });

  it("the Graph API down, then limiting the rate, then back: the message is tried again and arrives once", async () => {
    useWhatsApp();
    const to = "+2348050000003";
    await getDb().transaction((tx) => enqueueWhatsApp(tx, notice(to)));
    graph.behave("down", { times: 1 });
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo(to)).toMatchObject([{ state: "retry", output: { message: "WhatsApp refused the message (503, code 2): Service temporarily unavailable" } }]);
    graph.behave("rate-limited", { times: 1 });
    await retryNow();
    await runDueJobs(JOB_HANDLERS);
    expect(await jobsTo(to)).toMatchObject([{ state: "retry", output: { message: "WhatsApp refused the message (429, code 130429): (#130429) Rate limit hit" } }]);
    await retryNow();
    await runDueJobs(JOB_HANDLERS);
    expect(graph.sent.filter((s) => s.to === to.slice(1))).toHaveLength(1);
    expect((await jobsTo(to)).map((j) => j.state)).toEqual(["completed"]);
    expect(await record(to)).toHaveLength(1);
  });

  it("a number that cannot receive WhatsApp, or a template Meta does not know, fails for good at once", async () => {
    useWhatsApp();
    await sendNow(notice("+2340000000004"));
    expect(await jobsTo("+2340000000004")).toEqual([{ state: "failed", output: { message: "WhatsApp refused the message (400, code 131026): (#131026) Message undeliverable" } }]);
    await sendNow({ ...notice("+2348050000005"), template: { ...notice("").template, name: "no_such_template" } });
    expect(await jobsTo("+2348050000005")).toMatchObject([{ state: "failed", output: { message: expect.stringContaining("code 132001") } }]);
    expect(graph.sent.some((s) => s.to === "2340000000004" || s.to === "2348050000005")).toBe(false);
  });

  it("without WhatsApp settings a local trial keeps it in the development outbox; production sends none and says why", async () => {
    setEnv(original);
    await sendNow(notice("+2348050000006", "Ada wrote to Mama Put"));
    expect((await listOutbox()).filter((m) => m.to === "+2348050000006")).toEqual([expect.objectContaining({ channel: "whatsapp", text: "Ada wrote to Mama Put" })]);
    setEnv({ ...original, isProduction: true });
    await sendNow(notice("+2348050000007"));
    expect(await jobsTo("+2348050000007")).toEqual([{ state: "failed", output: { message: "WhatsApp is not configured (WHATSAPP_ACCESS_TOKEN and the rest)" } }]);
  });
});

describe("/api/whatsapp/webhook", () => {
  it("answers Meta's handshake with the challenge for our verify token only", async () => {
    useWhatsApp();
    const handshake = (token: string, mode = "subscribe") =>
      fetch(`${server.url}/api/whatsapp/webhook?${new URLSearchParams({ "hub.mode": mode, "hub.verify_token": token, "hub.challenge": "1158201444" })}`);
    const ok = await handshake(VERIFY_TOKEN);
    expect([ok.status, await ok.text()]).toEqual([200, "1158201444"]);
    for (const refused of [await handshake("not-the-token-0123456789"), await handshake(VERIFY_TOKEN, "unsubscribe"), await handshake("")]) {
      expect([refused.status, await refused.text()]).toEqual([403, "Forbidden"]);
    }
    setEnv(original);
    expect((await handshake(VERIFY_TOKEN)).status).toBe(403);
  });

  it("moves a message forward (delivered, read) and never back; a retried or late event changes nothing; failed keeps why", async () => {
    useWhatsApp();
    await sendNow(notice("+2348050000008"));
    const wamid = (await record("+2348050000008"))[0]!.wamid;
    expect((await postEvent(graph.statusEvent(wamid, "delivered"))).status).toBe(200);
    expect((await record("+2348050000008"))[0]!.status).toBe("delivered");
    expect((await postEvent(graph.statusEvent(wamid, "read"))).status).toBe(200);
    // Meta retries, and events arrive out of order: neither moves it back.
    await postEvent(graph.statusEvent(wamid, "delivered"));
    await postEvent(graph.statusEvent(wamid, "sent"));
    expect((await record("+2348050000008"))[0]).toMatchObject({ status: "read", error: null });

    await sendNow(notice("+2348050000009"));
    const other = (await record("+2348050000009"))[0]!.wamid;
    await postEvent(graph.statusEvent(other, "failed"));
    await postEvent(graph.statusEvent(other, "delivered"));
    expect((await record("+2348050000009"))[0]).toMatchObject({ status: "failed", error: "131026 Message undeliverable" });
  });

  it("refuses a forged or unsigned event (401) and changes nothing", async () => {
    useWhatsApp();
    await sendNow(notice("+2348050000010"));
    const wamid = (await record("+2348050000010"))[0]!.wamid;
    const forged = graph.statusEvent(wamid, "read", { secret: "not-the-app-secret" });
    expect((await postEvent(forged)).status).toBe(401);
    const genuine = graph.statusEvent(wamid, "read");
    expect((await postEvent(genuine, "")).status).toBe(401);
    expect((await postEvent({ body: genuine.body.replace('"read"', '"delivered"'), signature: genuine.signature })).status).toBe(401);
    expect((await postEvent(genuine, `sha256=${"0".repeat(64)}`)).status).toBe(401);
    expect((await record("+2348050000010"))[0]!.status).toBe("sent");
    expect((await postEvent(genuine)).status).toBe(200);
    expect((await record("+2348050000010"))[0]!.status).toBe("read");
  });
});
