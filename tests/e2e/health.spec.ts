import { describe, expect, it } from "vitest";
import { url } from "./harness";

describe("/healthz and /readyz", () => {
  it('answers 200 {"status":"ok"} and is never cached', async () => {
    const response = await fetch(url("/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it('/readyz answers 200 {"status":"ok","database":"ok","storage":"ok"}, never cached', async () => {
    const response = await fetch(url("/readyz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", storage: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("serves hashed assets with a long cache lifetime and compresses them", async () => {
    // The home page's one script (a reader page, ADR 29) and the app's modules (the sign-in page).
    const home = await (await fetch(url("/"))).text();
    const login = await (await fetch(url("/login"))).text();
    const reader = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(login)?.[1];
    expect(reader, "the enhancement script on /").toBeDefined();
    expect(asset, "a modulepreload link on /login").toBeDefined();
    const script = await fetch(url(reader!), { headers: { "Accept-Encoding": "gzip" } });
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("content-encoding")).toBe("gzip");
    const response = await fetch(url(asset!), { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
  });
});
