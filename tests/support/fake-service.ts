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
