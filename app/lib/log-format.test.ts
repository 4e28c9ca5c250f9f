import { describe, expect, it } from "vitest";
import { readableLogLine } from "./log-format";
import { logFormat } from "./logger.server";

const at = new Date(2026, 10, 29, 12, 4, 31).getTime();
const json = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, pid: 7, hostname: "h", ...fields });

describe("the readable log (issue 30)", () => {
  it("gives a request one short line: time, method, path, status, duration", () => {
    expect(readableLogLine(json({ msg: "request", method: "GET", path: "/businesses", status: 200, ms: 14, requestId: "abc" }))).toBe(
      "12:04:31 GET /businesses 200 14 ms\n",
    );
  });

  it("leaves out successful requests for static files, keeps their failures", () => {
    expect(readableLogLine(json({ msg: "request", method: "GET", path: "/assets/entry-1.js", status: 200, ms: 1 }))).toBeNull();
    expect(readableLogLine(json({ msg: "request", method: "GET", path: "/media/business-images/x.webp", status: 304, ms: 1 }))).toBeNull();
    expect(readableLogLine(json({ msg: "request", method: "GET", path: "/assets/gone.js", status: 404, ms: 1 }))).toBe("12:04:31 GET /assets/gone.js 404 1 ms\n");
  });

  it("names warnings and errors, keeps their own fields and the error's stack", () => {
    expect(readableLogLine(json({ msg: "scheduled job done", job: "search-statistics", ms: 40 }))).toBe("12:04:31 scheduled job done  job=search-statistics ms=40\n");
    expect(readableLogLine(json({ level: 40, msg: "could not claim a scheduled job's slot", job: "site-stats" }))).toBe(
      "12:04:31 WARN  could not claim a scheduled job's slot  job=site-stats\n",
    );
    const failed = readableLogLine(
      json({ level: 50, msg: "request failed", method: "POST", path: "/x", status: 500, ms: 3, requestId: "r-1", err: { type: "Error", message: "boom", stack: "Error: boom\n    at here" } }),
    );
    expect(failed).toBe("12:04:31 ERROR request failed POST /x 500 3 ms  requestId=r-1\n    Error: boom\n        at here\n");
  });

  it("quotes values with spaces and writes objects as JSON", () => {
    expect(readableLogLine(json({ msg: "listening", url: "http://localhost:3000", port: 3000, files: { kind: "disk" }, note: "two words" }))).toBe(
      '12:04:31 listening  url=http://localhost:3000 port=3000 files={"kind":"disk"} note="two words"\n',
    );
  });

  it("passes a line that is not JSON through", () => {
    expect(readableLogLine("plain text")).toBe("plain text\n");
  });
});

describe("which format (LOG_FORMAT)", () => {
  it("is readable on a local trial in a terminal, JSON in production or when the output is a file or pipe", () => {
    // scripts/start.mjs: NODE_ENV forced to production, the operator's (none) in APP_NODE_ENV.
    expect(logFormat({ NODE_ENV: "production", APP_NODE_ENV: "" }, true)).toBe("pretty");
    expect(logFormat({ NODE_ENV: "production", APP_NODE_ENV: "production" }, true)).toBe("json");
    expect(logFormat({ NODE_ENV: "production" }, true)).toBe("json");
    expect(logFormat({}, false)).toBe("json");
    expect(logFormat({}, true)).toBe("pretty");
  });

  it("follows LOG_FORMAT when it is set", () => {
    expect(logFormat({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormat({ NODE_ENV: "production", APP_NODE_ENV: "production", LOG_FORMAT: "pretty" }, false)).toBe("pretty");
  });
});
