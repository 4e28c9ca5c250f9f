import { describe, expect, it } from "vitest";
import { canonicalPath, knownRoutePattern } from "./known-routes";

describe("known routes: the landing pages (issue 17)", () => {
  it("label metrics by route, never by slug", () => {
    expect(knownRoutePattern("/categories")).toBe("/categories");
    expect(knownRoutePattern("/categories/pharmacy-store")).toBe("/categories/:id");
    expect(knownRoutePattern("/states/lagos.data")).toBe("/states/:id");
    expect(knownRoutePattern("/states/lagos/ikeja")).toBe("/states/:id/:id");
    expect(knownRoutePattern("/states/lagos/ikeja/x")).toBeNull();
  });

  it("are left to their own loaders to canonicalise (one 301 straight to the lower-case address)", () => {
    expect(canonicalPath("/Categories/")).toBeNull();
    expect(canonicalPath("/STATES/Lagos")).toBeNull();
  });
});
