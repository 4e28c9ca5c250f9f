/**
 * What may reach a log line. A failed query's message carries its parameters ('Failed query: … params: <token>'),
 * and PostgreSQL's detail repeats key values ('Key (token)=(…) already exists'): session tokens, password hashes
 * and e-mail addresses would end up in the logs. Every error and every argument logged goes through here.
 */

const SECRET_KEY = /token|password|secret|hash|params|parameters|cookie|authorization|otp|backup|api_?key/i;
const MAX_DEPTH = 4;

/** PostgreSQL quotes the offending value after a colon: 'invalid input syntax for type integer: "…"'. */
const QUOTED_VALUE = /(: )"(?:[^"\\]|\\.)*"/g;

/** Drops a driver message's parameter list (and anything after it) and the values PostgreSQL quotes. */
export function scrubText(text: string): string {
  const at = text.search(/\n?params: /);
  const kept = at === -1 ? text : `${text.slice(0, at)}\nparams: [redacted]`;
  return kept.replace(QUOTED_VALUE, '$1"[redacted]"');
}

/** A stack trace without the parameter lines its first line repeats from the message. */
function scrubStack(stack: string): string {
  const at = stack.search(/\n?params: /);
  if (at === -1) return stack.replace(QUOTED_VALUE, '$1"[redacted]"');
  const frames = stack.indexOf("\n    at ", at);
  return `${stack.slice(0, at).replace(QUOTED_VALUE, '$1"[redacted]"')}\nparams: [redacted]${frames === -1 ? "" : stack.slice(frames)}`;
}

/** An Error as a plain object for the log: type, message, code, stack and cause, never values. */
export function scrubError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return scrubValue(error, depth);
  const fields = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: error.name, message: scrubText(error.message) };
  for (const key of ["code", "status", "statusCode", "severity", "constraint", "table", "column", "routine"]) {
    const value = fields[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  // 'detail' and 'where' quote row values: kept out.
  if (error.stack) out.stack = scrubStack(error.stack);
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = scrubError(error.cause, depth + 1);
  return out;
}

/** Any value for a log line: errors scrubbed, secret-looking keys redacted, depth bounded. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return scrubError(value, depth);
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[object]";
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? "[redacted]" : scrubValue(item, depth + 1);
  }
  return out;
}
