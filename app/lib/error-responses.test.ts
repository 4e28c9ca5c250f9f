import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError, APP_ERROR_CODES } from "./app-error";
import {
  failureData, refusalData, describeError, errorResponse, GENERIC_FAILURES, HTTP_STATUS, jsonFailure, statusOf, throwRouteError,
  UNEXPECTED_FAILURE,
} from "./error-responses.server";
import { logger } from "./logger.server";
import { requestStorage } from "./request-context.server";

type DataLike = { data: Record<string, unknown>; init: { status?: number } | null };

const inRequest = <T>(requestId: string, run: () => T): T => requestStorage.run({ requestId }, run);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the status of an error", () => {
  it("is its code's status for an AppError, and 500 for anything else", () => {
    expect(APP_ERROR_CODES.map((code) => statusOf(new AppError(code)))).toEqual([401, 403, 404, 409, 400, 429, 503]);
    expect(statusOf(new Error("boom"))).toBe(500);
    expect(statusOf("a string")).toBe(500);
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...APP_ERROR_CODES].sort());
  });
});

describe("describeError", () => {
  it("keeps a refusal's own title, text, fields, link, reason and items", () => {
    const error = new AppError(
      "invalid",
      { title: "Listing limit reached", text: "Upgrade your plan.", link: { href: "/pricing", label: "View plans" } },
      { fields: { name: "Business name is required" }, reason: "limit", items: ["a", "b"] },
    );
    expect(describeError(error, { title: "Creation Failed", text: "Failed." })).toEqual({
      status: 400,
      expected: true,
      failure: {
        title: "Listing limit reached",
        text: "Upgrade your plan.",
        link: { href: "/pricing", label: "View plans" },
        fields: { name: "Business name is required" },
        reason: "limit",
        items: ["a", "b"],
      },
    });
  });

  it("gives a refusal with a sentence but no title the screen's title", () => {
    const { failure } = describeError(new AppError("invalid", "Please add at least one image"), { title: "Creation Failed", text: "Failed to create." });
    expect(failure).toEqual({ title: "Creation Failed", text: "Please add at least one image" });
  });

  it("gives a refusal that carries only its code the screen's failure text, else its code's generic text", () => {
    expect(describeError(new AppError("not-found"), { title: "Update Failed", text: "We could not save." }).failure).toEqual({
      title: "Update Failed",
      text: "We could not save.",
    });
    expect(describeError(new AppError("not-found")).failure).toEqual(GENERIC_FAILURES["not-found"]);
    expect(describeError(new AppError("rate-limited")).failure.text).toBe("Too many requests. Please wait a few minutes before trying again.");
  });

  it("logs a fault of ours with the request id and answers 500 with the fallback text and that id", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const fault = new Error("connection reset");
    const mapped = inRequest("req-12345678", () => describeError(fault, { title: "Creation Failed", text: "Failed to create business listing." }));
    expect(mapped).toEqual({
      status: 500,
      expected: false,
      failure: { title: "Creation Failed", text: "Failed to create business listing.", errorId: "req-12345678" },
    });
    expect(logged).toHaveBeenCalledWith({ err: fault }, "request failed");
    expect(describeError(fault).failure).toEqual(UNEXPECTED_FAILURE);
  });

  it("never logs a refusal", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    describeError(new AppError("forbidden", "No"));
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("React Router actions", () => {
  it("answer a refusal at its status with the failure and what the person typed", () => {
    const answer = failureData(new AppError("conflict", "Already pending"), { keep: { draft: "hello" } }) as unknown as DataLike;
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, draft: "hello", failure: { title: GENERIC_FAILURES.conflict.title, text: "Already pending" } });
  });

  it("answer a fault with the spec's failure text and the Error ID when the action has one", () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const answer = inRequest("req-abcdefgh", () =>
      failureData(new Error("db down"), { fallback: { title: "Update failed", text: "Please try again." }, keep: { name: "Ada" } }),
    ) as unknown as DataLike;
    expect(answer.init?.status).toBe(500);
    expect(answer.data).toEqual({ ok: false, name: "Ada", failure: { title: "Update failed", text: "Please try again.", errorId: "req-abcdefgh" } });
  });

  it("let a fault without a failure text go on to the error screen, and redirects through untouched", () => {
    const fault = new Error("db down");
    expect(() => failureData(fault)).toThrow(fault);
    const redirect = new Response(null, { status: 302, headers: { Location: "/dashboard" } });
    let thrown: unknown;
    try {
      failureData(redirect, { fallback: "x" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBe(redirect);
  });

  it("answer their own refusals the same way", () => {
    const answer = refusalData("invalid", { title: "Creation Failed", text: "Please correct the highlighted fields." }, {
      fields: { name: "Business name is required" },
      keep: { typed: { name: "" } },
    }) as unknown as DataLike;
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      typed: { name: "" },
      failure: { title: "Creation Failed", text: "Please correct the highlighted fields.", fields: { name: "Business name is required" } },
    });
  });
});

describe("React Router loaders", () => {
  it("throw a refusal as an error response at its status", () => {
    let thrown: unknown;
    try {
      throwRouteError(new AppError("forbidden", { title: "Access Denied", text: "You don't have admin privileges" }));
    } catch (error) {
      thrown = error;
    }
    const response = thrown as DataLike;
    expect(response.init?.status).toBe(403);
    expect(response.data).toEqual({ failure: { title: "Access Denied", text: "You don't have admin privileges" } });
  });

  it("rethrow a fault unchanged, for the error screen", () => {
    const fault = new TypeError("undefined is not a function");
    expect(() => throwRouteError(fault)).toThrow(fault);
  });
});

describe("Hono", () => {
  it("JSON endpoints answer {error, code} at the refusal's status, never cached", async () => {
    const response = jsonFailure(new AppError("rate-limited", "Too many messages sent."));
    expect(response.status).toBe(429);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Too many messages sent.", code: "rate-limited" });
  });

  it("JSON endpoints answer a fault 500 with the fallback text and the Error ID", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const response = inRequest("req-00000042", () => jsonFailure(new Error("boom"), "Failed to send message. Please try again."));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Failed to send message. Please try again.", code: "internal", errorId: "req-00000042" });
  });

  it("onError answers JSON under /api/ and a short text elsewhere, passing thrown responses through", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const api = errorResponse(new AppError("not-found", "Business not found"), new Request("http://x/api/things/1"));
    expect([api.status, await api.json()]).toEqual([404, { error: "Business not found", code: "not-found" }]);
    const page = inRequest("req-99999999", () => errorResponse(new Error("boom"), new Request("http://x/some/page")));
    expect([page.status, await page.text()]).toEqual([500, "Something went wrong. Please try again. Error ID: req-99999999"]);
    const passed = new Response("teapot", { status: 418 });
    expect(errorResponse(passed, new Request("http://x/"))).toBe(passed);
    const httpException = { getResponse: () => new Response("Payload Too Large", { status: 413 }) };
    expect(errorResponse(httpException, new Request("http://x/")).status).toBe(413);
  });
});
