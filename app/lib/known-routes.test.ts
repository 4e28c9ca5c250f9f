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

describe("known routes: suggestions (issue 34)", () => {
  it("know /suggest and /suggest/{id}: canonical in any letter case, labelled by route", () => {
    expect(canonicalPath("/Suggest/")).toBe("/suggest");
    expect(canonicalPath("/SUGGEST/3f1c0e2a-1111-4222-8333-444455556666")).toBe("/suggest/3f1c0e2a-1111-4222-8333-444455556666");
    expect(knownRoutePattern("/suggest")).toBe("/suggest");
    expect(knownRoutePattern("/suggest/3f1c0e2a-1111-4222-8333-444455556666.data")).toBe("/suggest/:id");
    expect(knownRoutePattern("/suggest/a/b")).toBeNull();
  });
});
