import pino, { type Logger } from "pino";
import { createRequire } from "node:module";
import { requestStorage } from "./request-context.server";
import { singleton } from "./singleton.server";

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL || "info";
  const isProduction = (process.env.APP_NODE_ENV || process.env.NODE_ENV) === "production";
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    // Every line written during a request carries its id.
    mixin: () => {
      const ctx = requestStorage.getStore();
      return ctx ? { requestId: ctx.requestId } : {};
    },
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
  return pino(options);
}

/** The process logger: JSON in production, pretty in a terminal. */
export const logger: Logger = singleton("logger", createLogger);
