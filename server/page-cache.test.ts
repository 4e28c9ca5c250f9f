import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashedPolicy } from "./page-cache";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("hashedPolicy: a page cache copy's CSP (ADR 28)", () => {
  const csp = "default-src 'self'; script-src 'self' 'nonce-abc123==' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

  it("allows exactly the copy's inline scripts by hash, and drops the nonce and 'strict-dynamic'", () => {
    const html = [
      `<script nonce="abc123==">window.__ctx = {"a":"é"};</script>`,
      `<script type="module" nonce="abc123==">import "/assets/entry.js";</script>`,
      `<script type="application/ld+json" nonce="abc123==">{"@type":"LocalBusiness"}</script>`,
      `<script src="/assets/x.js" nonce="abc123=="></script>`,
      `<script nonce="abc123==">window.__ctx = {"a":"é"};</script>`, // the same script twice: one hash
    ].join("");
    const policy = hashedPolicy(csp, html);
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toBe(`script-src 'self' ${sha(`window.__ctx = {"a":"é"};`)} ${sha(`import "/assets/entry.js";`)}`);
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toContain("'strict-dynamic'");
    // Every other directive as it was.
    expect(policy.replace(scriptSrc, "")).toBe(csp.replace(/script-src [^;]*/, ""));
  });

  it("hashes a script's text as the browser parses it (CR LF as LF)", () => {
    const policy = hashedPolicy(csp, `<script>a();\r\nb();</script>`);
    expect(policy).toContain(sha("a();\nb();"));
  });
});
