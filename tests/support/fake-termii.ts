/**
 * A local fake of Termii's API for tests: a real HTTP server on 127.0.0.1 (free port) that follows the documented
 * request and response shapes (https://developers.termii.com/messaging-api, https://developers.termii.com/voice-call):
 *
 *   POST /api/sms/send      {api_key, to (international digits), from (3–11 characters), sms, type: "plain",
 *                            channel: "dnd" | "generic" | "whatsapp"}
 *   POST /api/sms/otp/call  {api_key, phone_number, code (4–8 digits, numeric)}
 *     → 200 {code: "ok", message_id, message: "Successfully Sent", balance, user}
 *   Errors: 401 {message: "Invalid api key"} (a wrong key), 400 {message: "…"} (a missing or bad field, or a number
 *   no network serves), 404 for any other path.
 *
 * Like the real service it can be down (503), slow past the caller's timeout (no answer until released) or limit the
 * rate (429) — for the next N calls or until told otherwise — and it records every call it took or refused.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { answerJson, readJson, serviceBehaviour, type ServiceBehaviour } from "./fake-service";
import type { AddressInfo } from "node:net";

/** `remotePort`: the caller's end of the connection (which process made the call, for the cluster test). */
export type TermiiCall = { path: string; body: Record<string, unknown>; status: number; remotePort?: number };
export type TermiiSent = { messageId: string; to: string; from: string; text: string; channel: string; kind: "sms" | "voice" };
export type TermiiBehaviour = ServiceBehaviour;

export type FakeTermii = {
  baseUrl: string;
  apiKey: string;
  /** Every request, answered or not, in order. */
  calls: TermiiCall[];
  /** The messages it took (a refused or failed call is not here). */
  sent: TermiiSent[];
  /** How it answers from now on: "ok", 503 ("down"), no answer ("hang"), 429 ("rate-limited"). */
  behave(behaviour: TermiiBehaviour, options?: { times?: number }): void;
  close(): Promise<void>;
};

/** `unreachable`: numbers it refuses as Termii refuses a number no network serves (400). */
export async function fakeTermii(options: { apiKey?: string; unreachable?: (to: string) => boolean } = {}): Promise<FakeTermii> {
  const apiKey = options.apiKey ?? `TL${randomBytes(24).toString("hex")}`;
  const calls: TermiiCall[] = [];
  const sent: TermiiSent[] = [];
  const behaviour = serviceBehaviour();
  let counter = 0;

  const answer = answerJson;

  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = (request.url ?? "").split("?")[0]!;
    const call: TermiiCall = { path, body, status: 0, remotePort: request.socket.remotePort };
    calls.push(call);
    if (request.method !== "POST" || (path !== "/api/sms/send" && path !== "/api/sms/otp/call")) return answer(response, 404, { message: "Not found" }, call);

    const now = behaviour.next(response);
    if (now === "down") return answer(response, 503, { message: "Service Unavailable" }, call);
    if (now === "rate-limited") return answer(response, 429, { message: "Too Many Requests" }, call);
    if (now === "hang") return;

    if (body.api_key !== apiKey) return answer(response, 401, { message: "Invalid api key" }, call);
    const ok = (entry: Omit<TermiiSent, "messageId">) => {
      const messageId = String(3017_0000_0000_0000 + ++counter);
      sent.push({ ...entry, messageId });
      answer(response, 200, { code: "ok", message_id: messageId, message: "Successfully Sent", balance: 1000 - counter * 4.5, user: "Naija Directory" }, call);
    };
    if (path === "/api/sms/send") {
      const { to, from, sms, type, channel } = body;
      if (typeof to !== "string" || !/^\d{10,15}$/.test(to)) return answer(response, 400, { message: "to must be a phone number in international format" }, call);
      if (options.unreachable?.(to)) return answer(response, 400, { message: "Invalid phone number" }, call);
      if (typeof from !== "string" || from.length < 3 || from.length > 11) return answer(response, 400, { message: "from must be between 3 and 11 characters" }, call);
      if (typeof sms !== "string" || sms.length === 0) return answer(response, 400, { message: "sms is required" }, call);
      if (type !== "plain") return answer(response, 400, { message: "type must be plain" }, call);
      if (channel !== "dnd" && channel !== "generic" && channel !== "whatsapp") return answer(response, 400, { message: "channel must be dnd, generic or whatsapp" }, call);
      return ok({ to, from, text: sms, channel, kind: "sms" });
    }
    const { phone_number: phone, code } = body;
    if (typeof phone !== "string" || !/^\d{10,15}$/.test(phone)) return answer(response, 400, { message: "phone_number must be a phone number in international format" }, call);
    if (typeof code !== "number" || !/^\d{4,8}$/.test(String(code))) return answer(response, 400, { message: "code must be numeric, 4 to 8 digits" }, call);
    return ok({ to: phone, from: "", text: String(code), channel: "voice", kind: "voice" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    sent,
    behave(next, { times } = {}) {
      behaviour.behave(next, times);
    },
    close: () =>
      new Promise<void>((resolve) => {
        behaviour.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
