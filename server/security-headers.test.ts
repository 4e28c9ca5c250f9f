import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders, type SecurityVariables } from "./security-headers";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function appWith(options = { isDev: false, isHttps: false }) {
  const app = new Hono<{ Variables: SecurityVariables }>();
  app.use("*", securityHeaders(options));
  // What React Router answers: an HTML page whose scripts carry the request's nonce.
  app.get("/page", (c) => c.html(`<!doctype html><script nonce="${c.get("cspNonce")}">1</script>`));
  app.get("/data", (c) => c.json({ ok: true }));
  app.get("/own-csp", (c) => c.body("x", 200, { "Content-Security-Policy": "sandbox", "Content-Type": "text/plain" }));
  return app;
}

describe("newNonce", () => {
  it("is 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts by nonce only: no 'unsafe-inline' or 'unsafe-eval' in script-src", () => {
    const policy = directives(contentSecurityPolicy("abc123==", { isDev: false }));
    const scripts = policy.get("script-src")!;
    expect(scripts).toContain("'nonce-abc123=='");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("lets the dev server's websocket connect in development only", () => {
    expect(directives(contentSecurityPolicy("n", { isDev: true })).get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });
});

describe("contentSecurityPolicy with a media CDN (MEDIA_CDN_URL)", () => {
  it("lets pages load images from the CDN's origin, and nothing else from it", () => {
    const policy = directives(contentSecurityPolicy("n", { isDev: false, mediaOrigin: "https://cdn.naija.example" }));
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://cdn.naija.example"]);
    for (const [name, values] of policy) if (name !== "img-src") expect(values, name).not.toContain("https://cdn.naija.example");
    expect(directives(contentSecurityPolicy("n", { isDev: false })).get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });
});

describe("securityHeaders middleware", () => {
  it("puts a CSP with the page's own nonce on HTML responses", async () => {
    const response = await appWith().request("/page");
    const csp = response.headers.get("Content-Security-Policy")!;
    const html = await response.text();
    const nonce = /nonce="([^"]+)"/.exec(html)![1];
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(directives(csp).get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives(csp).get("frame-ancestors")).toEqual(["'none'"]);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    // 'Near me' asks for the browser's position on our own pages only (ADR 23).
    expect(response.headers.get("Permissions-Policy")).toContain("geolocation=(self)");
  });

  it("uses a fresh nonce for every response", async () => {
    const app = appWith();
    const a = (await app.request("/page")).headers.get("Content-Security-Policy");
    const b = (await app.request("/page")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });

  it("denies everything to non-HTML responses, but keeps a CSP a handler set itself", async () => {
    const app = appWith();
    expect((await app.request("/data")).headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await app.request("/own-csp")).headers.get("Content-Security-Policy")).toBe("sandbox");
    expect((await app.request("/missing")).headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("adds HSTS only behind https", async () => {
    expect((await appWith().request("/data")).headers.get("Strict-Transport-Security")).toBeNull();
    const https = await appWith({ isDev: false, isHttps: true }).request("/data");
    expect(https.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("form-action and the payment gateway", () => {
  it("is 'self' only, unless a hosted checkout (Paystack) is where the pay button's post is redirected", () => {
    expect(directives(contentSecurityPolicy("n", { isDev: false })).get("form-action")).toEqual(["'self'"]);
    const withPaystack = contentSecurityPolicy("n", { isDev: false, formTargets: ["https://checkout.paystack.com", "http://127.0.0.1:4010"] });
    expect(directives(withPaystack).get("form-action")).toEqual(["'self'", "https://checkout.paystack.com", "http://127.0.0.1:4010"]);
  });
});
