/**
 * The log a person reads (issue 30): one short line per event instead of pino's JSON object, for a local trial in a
 * terminal. Production keeps JSON for the log pipeline (`LOG_FORMAT`; app/lib/logger.server.ts decides).
 *
 *   12:04:31 GET /businesses?… 200 14 ms
 *   12:04:35 WARN  could not claim a scheduled job's slot  job=site-stats
 *   12:04:36 ERROR request failed  GET /x 500 3 ms  requestId=…
 *       Error: …stack…
 */

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "", 40: "WARN ", 50: "ERROR", 60: "FATAL" };
const COLOURS: Record<number, string> = { 40: "\x1b[33m", 50: "\x1b[31m", 60: "\x1b[31m" };
/** Fields every line carries, or that the line's own text already says (a request's, on request lines). */
const LEFT_OUT = new Set(["level", "time", "pid", "hostname", "msg", "requestId"]);
const REQUEST_FIELDS = new Set(["method", "path", "status", "ms"]);
/** Static files a page pulls in: a line each would bury the pages themselves (they stay in the JSON log). */
const QUIET_PATHS = /^\/(?:assets|media|icons)\/|^\/(?:favicon\.ico|sw\.js|manifest\.webmanifest|robots\.txt)$/;

type Line = Record<string, unknown> & { level?: number; time?: number; msg?: string };

function clock(time: unknown): string {
  const date = typeof time === "number" ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function value(v: unknown): string {
  if (typeof v === "string") return /\s/.test(v) || v === "" ? JSON.stringify(v) : v;
  return JSON.stringify(v) ?? String(v);
}

function errorText(err: unknown): string {
  if (!err || typeof err !== "object") return "";
  const { stack, message, type } = err as { stack?: string; message?: string; type?: string };
  const text = stack ?? `${type ?? "Error"}: ${message ?? ""}`;
  return `\n${text.split("\n").map((l) => `    ${l}`).join("\n")}`;
}

/**
 * One JSON log line as the readable line it becomes, or null for a line the readable log leaves out (a
 * successful request for a static file). `colour` adds terminal colours to warnings and errors.
 */
export function readableLogLine(json: string, colour = false): string | null {
  let line: Line;
  try {
    line = JSON.parse(json) as Line;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const level = typeof line.level === "number" ? line.level : 30;
  const isRequest = typeof line.method === "string" && typeof line.path === "string";
  if (isRequest && level <= 30 && typeof line.path === "string" && QUIET_PATHS.test(line.path) && Number(line.status) < 400) return null;
  const parts = [clock(line.time)];
  const levelName = LEVELS[level] ?? String(level);
  if (levelName) parts.push(colour && COLOURS[level] ? `${COLOURS[level]}${levelName}\x1b[0m` : levelName);
  const request = isRequest ? `${String(line.method)} ${String(line.path)} ${String(line.status ?? "")} ${String(line.ms ?? "?")} ms` : "";
  // A request line says what happened itself; other lines lead with their message.
  if (!(isRequest && (line.msg === "request" || !line.msg))) parts.push(line.msg ?? "");
  if (request) parts.push(request);
  const fields = Object.entries(line)
    .filter(([key, v]) => !LEFT_OUT.has(key) && !(isRequest && REQUEST_FIELDS.has(key)) && key !== "err" && key !== "error" && v !== undefined)
    .map(([key, v]) => `${key}=${value(v)}`);
  if (level >= 50 && typeof line.requestId === "string") fields.push(`requestId=${line.requestId}`);
  let text = parts.filter(Boolean).join(" ");
  if (fields.length) text += `  ${fields.join(" ")}`;
  text += errorText(line.err ?? line.error);
  return `${text}\n`;
}
