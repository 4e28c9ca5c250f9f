/**
 * A local fake of Paystack's API for tests: a real HTTP server on 127.0.0.1 (free port) that follows the
 * documented request and response shapes (https://paystack.com/docs/api/):
 *
 *   POST /transaction/initialize  {email, amount (kobo), currency, reference, callback_url, metadata}
 *        → {status: true, message: "Authorization URL created", data: {authorization_url, access_code, reference}}
 *   GET  /transaction/verify/:reference
 *        → {status: true, message: "Verification successful", data: {status, reference, amount, currency, …}}
 *          (a transaction nobody has paid yet is 'abandoned', as Paystack reports it)
 *   POST /refund  {transaction, amount?} → {status: true, message: "Refund has been queued for processing", data: {status, …}}
 *   Errors: 401 {status: false, message: "Invalid key"}; 400 {status: false, message: "…"}.
 *
 * Every API call must carry `Authorization: Bearer <secret key>`. The checkout page (authorization_url) is
 * HTML with three ways out, as a browser (or a test) would take them: Pay, Decline, and Cancel (back to the
 * callback without paying; or simply never come back: abandoned). Paying sends the signed `charge.success`
 * webhook (x-paystack-signature: HMAC-SHA512 of the raw body with the secret key) to `webhookUrl`, as
 * configured: immediately (before the browser is redirected), late, twice, held back (released later, in
 * any order), never, with a wrong signature, or for a different amount.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type WebhookMode = "immediately" | "late" | "twice" | "held" | "never" | "wrong-signature";

export type FakeTransaction = {
  reference: string;
  accessCode: string;
  email: string;
  /** What initialize asked for, in kobo. */
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  status: "abandoned" | "success" | "failed" | "reversed" | "ongoing";
  /** What the customer actually paid (differs from `amount` only when a test says so). */
  paidAmount: number;
  gatewayResponse: string;
  /** Kobo refunded so far. */
  refunded: number;
};

export type ApiCall = { method: string; path: string; body: unknown; authorization: string | undefined };
export type Delivery = { reference: string; status: number; signature: "ours" | "wrong" };

/** How one endpoint answers the next calls: normally, a 5xx, or not at all (the caller's timeout). */
export type Behaviour = "ok" | "5xx" | "hang";

export type FakePaystack = {
  baseUrl: string;
  secretKey: string;
  /** Every API call, in order (checkout page visits are not API calls). */
  calls: ApiCall[];
  transactions: Map<string, FakeTransaction>;
  deliveries: Delivery[];
  /** Where charge.success goes (our POST /api/payments/paystack/webhook). */
  webhookUrl: string | undefined;
  webhook: { mode: WebhookMode; lateMs: number; amountOverride?: number };
  behaviour: { initialize: Behaviour; verify: Behaviour; refund: Behaviour };
  /** What a refund answers: Paystack queues refunds ('pending'); 'processed' once done. */
  refundStatus: "pending" | "processed";
  /** The customer pays on the checkout page (as the Pay button does); returns where the browser is sent. */
  pay(reference: string, options?: { amount?: number }): Promise<string>;
  /** The card is declined; returns where the browser is sent. */
  decline(reference: string): Promise<string>;
  /** Sends held-back webhooks, in the order given (default: the order they were held). */
  releaseHeld(order?: "as-held" | "reversed"): Promise<void>;
  /** A charge.success body for a transaction, and its signature with `key` (default our key). */
  signedEvent(reference: string, options?: { amount?: number; key?: string; event?: string }): { body: string; signature: string };
  /** Waits for late webhooks still on their way. */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

const REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakePaystack(options: { secretKey?: string; webhookUrl?: string } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(20).toString("hex")}`;
  const inFlight = new Set<Promise<unknown>>();
  const held: string[] = [];
  const hanging = new Set<ServerResponse>();

  function transactionData(tx: FakeTransaction) {
    return {
      id: Number.parseInt(tx.accessCode.slice(0, 8), 16),
      domain: "test",
      status: tx.status,
      reference: tx.reference,
      amount: tx.status === "success" ? tx.paidAmount : tx.amount,
      message: null,
      gateway_response: tx.gatewayResponse,
      paid_at: tx.status === "success" ? new Date().toISOString() : null,
      created_at: new Date().toISOString(),
      channel: "card",
      currency: tx.currency,
      metadata: tx.metadata,
      customer: { email: tx.email },
    };
  }

  function signedEvent(reference: string, opts: { amount?: number; key?: string; event?: string } = {}) {
    const tx = fake.transactions.get(reference);
    const data = tx ? transactionData(tx) : { status: "success", reference, amount: opts.amount ?? 0, currency: "NGN" };
    if (opts.amount !== undefined) data.amount = opts.amount;
    const body = JSON.stringify({ event: opts.event ?? "charge.success", data });
    const signature = createHmac("sha512", opts.key ?? secretKey).update(body).digest("hex");
    return { body, signature };
  }

  async function deliver(reference: string, wrongSignature = false): Promise<void> {
    if (!fake.webhookUrl) return;
    const { body, signature } = signedEvent(reference, { amount: fake.webhook.amountOverride, key: wrongSignature ? `sk_test_${"0".repeat(40)}` : secretKey });
    const response = await fetch(fake.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
      body,
    });
    await response.body?.cancel();
    fake.deliveries.push({ reference, status: response.status, signature: wrongSignature ? "wrong" : "ours" });
  }

  function track(promise: Promise<unknown>) {
    const p = promise.catch(() => undefined).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** Sends the webhook as configured; 'immediately' and 'twice' are delivered before the browser moves on. */
  async function sendWebhook(reference: string) {
    switch (fake.webhook.mode) {
      case "immediately":
        return deliver(reference);
      case "twice":
        await deliver(reference);
        return deliver(reference);
      case "wrong-signature":
        return deliver(reference, true);
      case "late":
        return track(new Promise((resolve) => setTimeout(resolve, fake.webhook.lateMs)).then(() => deliver(reference)));
      case "held":
        held.push(reference);
        return;
      case "never":
        return;
    }
  }

  function callbackOf(tx: FakeTransaction): string {
    const url = new URL(tx.callbackUrl);
    url.searchParams.append("trxref", tx.reference);
    url.searchParams.append("reference", tx.reference);
    return url.toString();
  }

  function cancelUrlOf(tx: FakeTransaction): string {
    const meta = tx.metadata as { cancel_action?: unknown } | null;
    return typeof meta?.cancel_action === "string" ? meta.cancel_action : callbackOf(tx);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const raw = request.method === "POST" ? await readBody(request) : "";

    // The checkout page (a browser's, not the API: no key).
    const checkout = /^\/checkout\/([a-z0-9]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (checkout) {
      const tx = [...fake.transactions.values()].find((t) => t.accessCode === checkout[1]);
      if (!tx) return json(response, 404, { status: false, message: "Not found" });
      if (request.method === "POST" && checkout[2]) {
        const to = checkout[2] === "pay" ? await fake.pay(tx.reference) : await fake.decline(tx.reference);
        response.writeHead(302, { Location: to });
        return response.end();
      }
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Paystack Checkout (fake)</title></head>
<body><main><h1>Paystack Checkout (test mode)</h1>
<p>${escapeHtml(tx.email)} pays <strong>NGN ${(tx.amount / 100).toFixed(2)}</strong></p>
<form method="post" action="/checkout/${tx.accessCode}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${tx.accessCode}/decline"><button type="submit">Decline card</button></form>
<p><a href="${escapeHtml(cancelUrlOf(tx))}">Cancel payment</a></p></main></body></html>`);
    }

    // Anything a browser may ask besides the checkout page (a favicon): not the API.
    if (!/^\/(transaction\/|refund$)/.test(url.pathname)) return json(response, 404, { status: false, message: "Not found" });
    const authorization = request.headers.authorization;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = "(not JSON)";
    }
    fake.calls.push({ method: request.method ?? "", path: url.pathname, body, authorization });
    if (authorization !== `Bearer ${secretKey}`) return json(response, 401, { status: false, message: "Invalid key" });

    const behaviourOf = (name: keyof FakePaystack["behaviour"]) => fake.behaviour[name];
    const misbehave = (behaviour: Behaviour) => {
      if (behaviour === "5xx") {
        json(response, 502, { status: false, message: "Gateway error" });
        return true;
      }
      if (behaviour === "hang") {
        hanging.add(response);
        return true;
      }
      return false;
    };

    if (request.method === "POST" && url.pathname === "/transaction/initialize") {
      if (misbehave(behaviourOf("initialize"))) return;
      const b = (body ?? {}) as Record<string, unknown>;
      const amount = typeof b.amount === "string" ? Number(b.amount) : b.amount;
      if (typeof b.email !== "string" || !b.email.includes("@")) return json(response, 400, { status: false, message: "Invalid Email Address Passed" });
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) return json(response, 400, { status: false, message: "Invalid Amount Sent" });
      if (typeof b.reference !== "string" || !REFERENCE.test(b.reference)) {
        return json(response, 400, { status: false, message: "Invalid transaction reference: only -, ., = and alphanumeric characters allowed" });
      }
      if (fake.transactions.has(b.reference)) return json(response, 400, { status: false, message: "Duplicate Transaction Reference" });
      if (b.currency !== undefined && b.currency !== "NGN") return json(response, 400, { status: false, message: "Currency not supported by merchant" });
      if (typeof b.callback_url !== "string" || !URL.canParse(b.callback_url)) return json(response, 400, { status: false, message: "Invalid callback_url" });
      const accessCode = randomBytes(6).toString("hex");
      fake.transactions.set(b.reference, {
        reference: b.reference,
        accessCode,
        email: b.email,
        amount,
        currency: "NGN",
        callbackUrl: b.callback_url,
        metadata: b.metadata ?? null,
        status: "abandoned",
        paidAmount: amount,
        gatewayResponse: "The transaction was not completed",
        refunded: 0,
      });
      return json(response, 200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: `${fake.baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference: b.reference },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && verify) {
      if (misbehave(behaviourOf("verify"))) return;
      const tx = fake.transactions.get(decodeURIComponent(verify[1]!));
      if (!tx) return json(response, 400, { status: false, message: "Transaction reference not found" });
      return json(response, 200, { status: true, message: "Verification successful", data: transactionData(tx) });
    }

    if (request.method === "POST" && url.pathname === "/refund") {
      if (misbehave(behaviourOf("refund"))) return;
      const b = (body ?? {}) as Record<string, unknown>;
      const tx = typeof b.transaction === "string" ? fake.transactions.get(b.transaction) : undefined;
      if (!tx) return json(response, 404, { status: false, message: "Transaction not found" });
      if (tx.status !== "success") return json(response, 400, { status: false, message: "Cannot refund a transaction that was not successful" });
      const left = tx.paidAmount - tx.refunded;
      if (left <= 0) return json(response, 400, { status: false, message: "Transaction has been fully reversed" });
      const amount = typeof b.amount === "number" ? b.amount : left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return json(response, 400, { status: false, message: "Refund amount cannot be more than the transaction amount" });
      }
      tx.refunded += amount;
      return json(response, 200, {
        status: true,
        message: "Refund has been queued for processing",
        data: { transaction: { reference: tx.reference, amount: tx.paidAmount }, amount, currency: "NGN", status: fake.refundStatus },
      });
    }
    return json(response, 404, { status: false, message: "Not found" });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { status: false, message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakePaystack = {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    calls: [],
    transactions: new Map(),
    deliveries: [],
    webhookUrl: options.webhookUrl,
    webhook: { mode: "immediately", lateMs: 300 },
    behaviour: { initialize: "ok", verify: "ok", refund: "ok" },
    refundStatus: "pending",
    async pay(reference, opts = {}) {
      const tx = fake.transactions.get(reference);
      if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
      tx.status = "success";
      tx.paidAmount = opts.amount ?? fake.webhook.amountOverride ?? tx.amount;
      tx.gatewayResponse = "Successful";
      await sendWebhook(reference);
      return callbackOf(tx);
    },
    async decline(reference) {
      const tx = fake.transactions.get(reference);
      if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
      tx.status = "failed";
      tx.gatewayResponse = "Declined";
      return callbackOf(tx);
    },
    async releaseHeld(order = "as-held") {
      const list = order === "reversed" ? [...held].reverse() : [...held];
      held.length = 0;
      for (const reference of list) await deliver(reference);
    },
    signedEvent,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async stop() {
      await fake.settled();
      for (const response of hanging) response.destroy();
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
