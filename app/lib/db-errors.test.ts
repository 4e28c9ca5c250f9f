import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./db-errors.server";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a server that is down, restarting, unreachable or overloaded, through drizzle's wrapper", () => {
    for (const error of [
      withCode("ECONNREFUSED"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006"),
      withCode("53300", "sorry, too many clients already"),
      withCode("57014", "canceling statement due to statement timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      new Error("Failed query: select 1", { cause: withCode("ECONNREFUSED") }),
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], ""),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("does not excuse our own faults: bad SQL, constraint violations, anything else", () => {
    for (const error of [withCode("42601", "syntax error"), withCode("23505"), new Error("Cannot read properties of undefined"), null, "text"]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});
