/**
 * A local fake of the WhatsApp Cloud API (Meta's Graph API) for tests: a real HTTP server on 127.0.0.1 (free port)
 * following the documented shapes (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 *
 *   POST /{version}/{phone-number-id}/messages  Authorization: Bearer <token>
 *        {messaging_product: "whatsapp", recipient_type: "individual", to, type: "template" | "text", template | text}
 *     → 200 {messaging_product: "whatsapp", contacts: [{input, wa_id}], messages: [{id: "wamid.…"}]}
 *   Errors: {error: {message, type: "OAuthException", code, fbtrace_id}}: 401 code 190 (a wrong token), 400 code 100 (a
 *   bad parameter), 400 code 131026 (a number that cannot receive WhatsApp), 404 code 132001 (no such template).
 *
 * It can be down (503, code 2), not answer, or limit the rate (429, code 130429) for the next N calls; and it builds
 * the webhook events Meta would send for a message (statuses) or from a person (an incoming message), signed with
 * the app secret as Meta signs them (X-Hub-Signature-256), to POST to our webhook.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { answerJson, readJson, serviceBehaviour, type ServiceBehaviour } from "./fake-service";
import type { AddressInfo } from "node:net";

export type GraphCall = { path: string; authorization: string | undefined; body: Record<string, unknown>; status: number };
export type GraphSent = { wamid: string; to: string; type: "template" | "text"; template?: string; params?: string[]; text?: string };
export type GraphBehaviour = ServiceBehaviour;

export type FakeGraphApi = {
  /** WHATSAPP_GRAPH_URL: the base with its version. */
  graphUrl: string;
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  calls: GraphCall[];
  sent: GraphSent[];
  behave(behaviour: GraphBehaviour, options?: { times?: number }): void;
  /** The webhook event Meta sends when a message's status changes, and its signature. */
  statusEvent(wamid: string, status: "sent" | "delivered" | "read" | "failed", options?: { timestamp?: number; secret?: string }): { body: string; signature: string };
  /** The webhook event Meta sends when a person writes to our number. */
  inboundEvent(from: string, text: string, options?: { timestamp?: number }): { body: string; signature: string };
  close(): Promise<void>;
};

export async function fakeGraphApi(options: { templates?: string[]; unreachable?: (to: string) => boolean } = {}): Promise<FakeGraphApi> {
  const accessToken = `EAAG${randomBytes(30).toString("hex")}`;
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e9));
  const appSecret = randomBytes(16).toString("hex");
  const templates = new Set(options.templates ?? []);
  const calls: GraphCall[] = [];
  const sent: GraphSent[] = [];
  const behaviour = serviceBehaviour();
  let counter = 0;

  const answer = answerJson;
  const graphError = (message: string, code: number) => ({ error: { message, type: "OAuthException", code, fbtrace_id: randomBytes(8).toString("hex") } });

  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = (request.url ?? "").split("?")[0]!;
    const call: GraphCall = { path, authorization: request.headers.authorization, body, status: 0 };
    calls.push(call);
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(path);
    if (request.method !== "POST" || !match) return answer(response, 404, graphError("Unknown path components", 2500), call);

    const now = behaviour.next(response);
    if (now === "down") return answer(response, 503, graphError("Service temporarily unavailable", 2), call);
    if (now === "rate-limited") return answer(response, 429, graphError("(#130429) Rate limit hit", 130429), call);
    if (now === "hang") return;

    if (request.headers.authorization !== `Bearer ${accessToken}`) return answer(response, 401, graphError("Invalid OAuth access token.", 190), call);
    if (match[1] !== phoneNumberId) return answer(response, 400, graphError("Unsupported post request: unknown phone number id", 100), call);
    const { messaging_product: product, to, type } = body;
    if (product !== "whatsapp") return answer(response, 400, graphError("(#100) The parameter messaging_product is required.", 100), call);
    if (typeof to !== "string" || !/^\d{10,15}$/.test(to)) return answer(response, 400, graphError("(#100) Invalid parameter: to", 100), call);
    if (options.unreachable?.(to)) return answer(response, 400, graphError("(#131026) Message undeliverable", 131026), call);
    const wamid = `wamid.HBgN${randomBytes(12).toString("hex").toUpperCase()}${++counter}`;
    if (type === "template") {
      const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: { type?: string; parameters?: { type?: string; text?: unknown }[] }[] } | undefined;
      if (typeof template?.name !== "string" || typeof template.language?.code !== "string") return answer(response, 400, graphError("(#100) Invalid parameter: template", 100), call);
      if (!templates.has(template.name)) return answer(response, 404, graphError(`(#132001) Template name does not exist in the translation`, 132001), call);
      const params = (template.components ?? []).filter((c) => c.type === "body").flatMap((c) => (c.parameters ?? []).map((p) => String(p.text)));
      sent.push({ wamid, to, type: "template", template: template.name, params });
    } else if (type === "text") {
      const text = body.text as { body?: unknown } | undefined;
      if (typeof text?.body !== "string" || text.body.length === 0) return answer(response, 400, graphError("(#100) Invalid parameter: text.body", 100), call);
      sent.push({ wamid, to, type: "text", text: text.body });
    } else return answer(response, 400, graphError("(#100) Invalid parameter: type", 100), call);
    answer(response, 200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] }, call);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const signed = (event: unknown, secret = appSecret) => {
    const body = JSON.stringify(event);
    return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}` };
  };
  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "2348000000000", phone_number_id: phoneNumberId }, ...value } }] }],
  });
  const seconds = (timestamp?: number) => String(timestamp ?? Math.floor(Date.now() / 1000));

  return {
    graphUrl: `http://127.0.0.1:${port}/v21.0`,
    accessToken,
    phoneNumberId,
    appSecret,
    calls,
    sent,
    behave(next, { times } = {}) {
      behaviour.behave(next, times);
    },
    statusEvent(wamid, status, { timestamp, secret } = {}) {
      const to = sent.find((s) => s.wamid === wamid)?.to ?? "2348000000001";
      const failed = status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {};
      return signed(
        envelope({
          statuses: [
            {
              id: wamid, status, timestamp: seconds(timestamp), recipient_id: to,
              pricing: { billable: status !== "failed", pricing_model: "PMP", category: "utility" }, ...failed,
            },
          ],
        }),
        secret,
      );
    },
    inboundEvent(from, text, { timestamp } = {}) {
      return signed(
        envelope({
          contacts: [{ profile: { name: "Customer" }, wa_id: from }],
          messages: [{ from, id: `wamid.IN${randomBytes(8).toString("hex")}`, timestamp: seconds(timestamp), type: "text", text: { body: text } }],
        }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        behaviour.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
