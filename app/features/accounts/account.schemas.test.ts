import { describe, expect, it } from "vitest";
import { RegisterSchema, homeForRole, safeRedirectPath } from "./account.schemas";
import { redirectForWrongRole } from "./access";
import { greetingName } from "./session-user";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirectPath("/messages?businessId=1&businessName=A%20B")).toBe("/messages?businessId=1&businessName=A%20B");
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
  });
  it.each(["https://evil.example", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "evil", "", "/\u0000x", null, 42])(
    "refuses %s",
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );
  // Dot segments and encoded dots normalise to a protocol-relative URL: the result is checked, not just the input.
  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example/x?y=1", "/./\\evil.example", "/a/..//evil.example"])(
    "refuses %s, which normalises to another host",
    (value) => {
      expect(safeRedirectPath(value)).toBeNull();
    },
  );
  it("keeps a path whose dot segments stay on this site", () => {
    expect(safeRedirectPath("/a/../messages")).toBe("/messages");
  });
});

describe("landing after sign-in", () => {
  it("sends admins to /admin, owners to /dashboard, everyone else home", () => {
    expect(homeForRole({ role: "visitor", isAdmin: true })).toBe("/admin");
    expect(homeForRole({ role: "business", isAdmin: false })).toBe("/dashboard");
    expect(homeForRole({ role: "visitor", isAdmin: false })).toBe("/");
    expect(redirectForWrongRole({ role: "business", isAdmin: false })).toBe("/dashboard");
  });
});

describe("greetingName", () => {
  it("uses the first name, else the e-mail's local part, else 'User'", () => {
    expect(greetingName({ firstName: "Ada", email: "ada@example.com" })).toBe("Ada");
    expect(greetingName({ firstName: " ", email: "tunde@example.com" })).toBe("tunde");
    expect(greetingName({ firstName: null, email: "" })).toBe("User");
    expect(greetingName(null)).toBe("User");
  });
});

describe("RegisterSchema", () => {
  const base = {
    accountType: "business",
    firstName: "Ada",
    lastName: "Obi",
    email: "ada@example.com",
    password: "Long-enough-1",
    confirmPassword: "Long-enough-1",
    country: "Nigeria",
    state: "FCT - Abuja",
    category: "Hotel",
  };
  it("accepts the 38-option state list and a category for owners", () => {
    expect(RegisterSchema.safeParse(base).success).toBe(true);
    expect(RegisterSchema.safeParse({ ...base, state: "Other" }).success).toBe(true);
  });
  it("says 'Passwords don't match'", () => {
    const result = RegisterSchema.safeParse({ ...base, confirmPassword: "different" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain("Passwords don't match");
  });
  it("requires a category for business owners only", () => {
    expect(RegisterSchema.safeParse({ ...base, category: undefined }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...base, accountType: "visitor", category: undefined }).success).toBe(true);
  });
  it("cannot register an admin", () => {
    expect(RegisterSchema.safeParse({ ...base, accountType: "admin" }).success).toBe(false);
  });
});
