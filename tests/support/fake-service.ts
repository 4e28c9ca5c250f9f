/**
 * What the tests' stand-ins for outside services share (fake Termii, fake Graph API): reading a request's body, and
 * how the service behaves for its next calls — normally, down (5xx), silent past the caller's timeout, or limiting
 * the rate (429) — for N calls or until told otherwise.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export type ServiceBehaviour = "ok" | "down" | "hang" | "rate-limited";

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

/** A request's JSON body; anything else (no body, not JSON) reads as an empty object, as a service would refuse it. */
export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const body = JSON.parse(await readBody(request)) as unknown;
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Answers JSON with `status`, noting the status on the recorded call. */
export function answerJson(response: ServerResponse, status: number, body: unknown, call: { status: number }): void {
  call.status = status;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The behaviour of the calls to come; `next()` takes one call's, and holds a silent call's response open. */
export function serviceBehaviour() {
  let behaviour: ServiceBehaviour = "ok";
  let remaining = Infinity;
  const hanging = new Set<ServerResponse>();
  return {
    /** How to answer this call: 'hang' keeps the response open (released by `behave` or `release`). */
    next(response: ServerResponse): ServiceBehaviour {
      const now = behaviour;
      if (now === "ok") return now;
      remaining -= 1;
      if (remaining <= 0) {
        behaviour = "ok";
        remaining = Infinity;
      }
      if (now === "hang") {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
      }
      return now;
    },
    behave(next: ServiceBehaviour, times?: number) {
      behaviour = next;
      remaining = times ?? Infinity;
      if (next !== "hang") this.release();
    },
    /** Drops the calls held open (the caller has long given up on them). */
    release() {
      for (const response of hanging) response.destroy();
    },
  };
}
