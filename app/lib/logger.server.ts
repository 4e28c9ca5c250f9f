import pino, { type Logger } from "pino";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import { scrubError } from "./log-safety";
import { requestStorage } from "./request-context.server";
import { singleton } from "./singleton.server";

type Sink = { write(line: string): void };

/** Where log lines go: standard output, or a test's capture (captureLogs). */
const sinks = singleton("log-sinks", () => ({ current: undefined as Sink | undefined }));

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL || "info";
  const isProduction = (process.env.APP_NODE_ENV || process.env.NODE_ENV) === "production";
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
  if (!isProduction && process.stdout.isTTY) {
    try {
      createRequire(import.meta.url).resolve("pino-pretty");
      return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } });
    } catch {
      // pino-pretty is a dev dependency; JSON lines are fine without it.
    }
  }
  const stdout = pino.destination({ fd: 1, sync: false });
  return pino(options, { write: (line: string) => (sinks.current ?? stdout).write(line) });
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

/** The process logger: JSON in production, pretty in a terminal. */
export const logger: Logger = singleton("logger", createLogger);
