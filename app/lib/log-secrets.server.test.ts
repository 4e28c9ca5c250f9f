import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getAuth } from "./auth.server";
import { getDb } from "./db.server";
import { errorResponse } from "./error-responses.server";
import { captureLogs } from "./logger.server";

// Security finding 13: a failed query's parameters (session tokens, password hashes) never reach a log line.
const secret = () => `tok_${randomBytes(18).toString("hex")}`;

/** A real database error whose parameters include `value`. */
async function failingQuery(value: string): Promise<unknown> {
  try {
    await getDb().execute(sql`select ${value}::int as n`);
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
}

let stop: (() => string[]) | undefined;
afterEach(() => stop?.());

describe("logs never carry query parameters", () => {
  it("a database fault answered by the error mapping logs the query's shape, not its values", async () => {
    const token = secret();
    const error = await failingQuery(token);
    expect(String((error as Error).message)).toContain(token); // the driver's message does carry it
    const capture = captureLogs();
    stop = capture.stop;
    const response = await errorResponse(error, new Request("http://localhost/x"));
    expect(response.status).toBe(500);
    const lines = capture.stop();
    stop = undefined;
    expect(lines.join("\n")).toContain("request failed");
    expect(lines.join("\n")).toContain("Failed query");
    expect(lines.join("\n")).not.toContain(token);
  });

  it("better-auth's logger goes through the same scrubbing", async () => {
    const token = secret();
    const error = await failingQuery(token);
    const capture = captureLogs();
    stop = capture.stop;
    const context = await getAuth().$context;
    context.logger.error("Failed to create session", error, { params: [token], session: { token } });
    const lines = capture.stop();
    stop = undefined;
    expect(lines.join("\n")).toContain("Failed to create session");
    expect(lines.join("\n")).not.toContain(token);
  });
});
