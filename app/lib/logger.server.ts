import pino, { type Logger } from "pino";
import { hostname } from "node:os";
import { readableLogLine } from "./log-format";
import { scrubError } from "./log-safety";
import { requestStorage } from "./request-context.server";
import { singleton } from "./singleton.server";

type Sink = { write(line: string): void };

/** Where log lines go: standard output, or a test's capture (captureLogs). */
const sinks = singleton("log-sinks", () => ({ current: undefined as Sink | undefined }));

/**
 * `LOG_FORMAT`: `json` (one object per line, for a log pipeline) or `pretty` (a short line a person reads,
 * app/lib/log-format.ts). Unset: JSON in production and wherever the output is not a terminal, readable in
 * a terminal otherwise (a local trial's `npm start`). scripts/start.mjs forces NODE_ENV=production for the
 * libraries and keeps what the operator set in APP_NODE_ENV (empty: nothing set).
 */
export function logFormat(source: NodeJS.ProcessEnv = process.env, isTerminal = Boolean(process.stdout.isTTY)): "json" | "pretty" {
  if (source.LOG_FORMAT === "json" || source.LOG_FORMAT === "pretty") return source.LOG_FORMAT;
  const nodeEnv = source.APP_NODE_ENV !== undefined ? source.APP_NODE_ENV : source.NODE_ENV;
  return nodeEnv !== "production" && isTerminal ? "pretty" : "json";
}

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL || "info";
  const options: pino.LoggerOptions = {
    level,
    // Several processes write to one place behind a load balancer: every line says which one.
    base: { pid: process.pid, hostname: hostname() },
    // Every line written during a request carries its id.
    mixin: () => {
      const ctx = requestStorage.getStore();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    // Errors are logged without the values a failed query carries (security finding 13, app/lib/log-safety.ts).
    serializers: { err: scrubError, error: scrubError },
    redact: {
      paths: ["password", "*.password", "token", "*.token", "authorization", "*.authorization", "cookie", "*.cookie", "secret", "*.secret"],
      censor: "[redacted]",
    },
  };
  const stdout = pino.destination({ fd: 1, sync: false });
  const colour = Boolean(process.stdout.isTTY);
  // A test's capture (captureLogs) always reads the JSON lines.
  const out: Sink =
    logFormat() === "pretty"
      ? { write: (line) => { const readable = readableLogLine(line, colour); if (readable) stdout.write(readable); } }
      : stdout;
  return pino(options, { write: (line: string) => (sinks.current ?? out).write(line) });
}

/** Collects the lines the process logger writes until `stop()` (tests that read the log). */
export function captureLogs(): { stop(): string[] } {
  const lines: string[] = [];
  const previous = sinks.current;
  const previousLevel = logger.level;
  sinks.current = { write: (line) => void lines.push(line) };
  if (logger.levelVal > 30) logger.level = "info";
  return {
    stop() {
      sinks.current = previous;
      logger.level = previousLevel;
      return lines;
    },
  };
}

/** The process logger: JSON lines, or readable ones on a local trial in a terminal (`logFormat`). */
export const logger: Logger = singleton("logger", createLogger);
