import { describe, expect, it } from "vitest";
import { executableProblems, jsonLdProblems, parseHtml, reactEscape } from "./html-safety";

const page = (body: string, head = "") =>
  `<!DOCTYPE html><html><head>${head}<script nonce="N1">window.x = "a\\u003c/script>";</script></head><body>${body}<!-- -->` +
  `<script type="module" nonce="N1">import * as r from "/assets/root.js";\nwindow.r = r; import("/assets/x.js");</script></body></html>`;

describe("executableProblems: what the hostile-text suite counts as text that could run", () => {
  it("passes escaped text, attributes and our own nonce'd scripts", () => {
    const typed = `<img src=x onerror=alert(1)> "><svg onload=alert(2)> javascript:alert(3)`;
    const html = page(`<p title="${reactEscape(typed)}">${reactEscape(typed)}</p><a href="https://example.com/a%22%3E">x</a><input value="${reactEscape(typed)}"/>`);
    expect(executableProblems(html, { nonce: "N1" })).toEqual([]);
    expect(parseHtml(html).text).toContain(typed);
    expect(parseHtml(html).elements.find((e) => e.name === "input")?.attrs.value).toBe(typed);
  });

  it("finds each way in", () => {
    const found = (body: string, head = "") => executableProblems(page(body, head), { nonce: "N1" });
    expect(found(`<script>alert(1)</script>`)).toEqual([expect.stringMatching(/without the response's nonce/)]);
    expect(found(`<script nonce="other">alert(1)</script>`)).toEqual([expect.stringMatching(/without the response's nonce/)]);
    expect(found(`<img src=x onerror=alert(1)>`)).toEqual([expect.stringMatching(/event handler/)]);
    expect(found(`<svg/onload=alert(1)>`)).toEqual([expect.stringMatching(/event handler/)]);
    expect(found(`<a href=" JaVa&#x53;cript:alert(1)">x</a>`)).toEqual([expect.stringMatching(/href that runs code/)]);
    expect(found(`<a href="data:text/html,<script>alert(1)</script>">x</a>`)).toEqual([expect.stringMatching(/href that runs code/)]);
    expect(found(`<iframe srcdoc="x"></iframe>`)).toHaveLength(2);
    expect(found(`<style>@import 'x'</style>`)).toEqual([expect.stringMatching(/style element/)]);
    expect(found(`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`)).toEqual([expect.stringMatching(/meta refresh/)]);
    // Text that closes our inline script early leaves a broken script and a new one without the nonce.
    const brokenOut = `<script nonce="N1">window.d = "</script><script>alert(1)</script>";</script>`;
    expect(executableProblems(brokenOut, { nonce: "N1" })).toEqual([
      expect.stringMatching(/not JavaScript/),
      expect.stringMatching(/without the response's nonce/),
    ]);
    // No nonce at all (e-mails, the mailbox): no script may be there.
    expect(executableProblems(`<p>x</p><script>1</script>`)).toEqual([expect.stringMatching(/a script element/)]);
  });

  it("checks JSON-LD", () => {
    expect(jsonLdProblems(JSON.stringify({ name: "a\u003c/script>" }).replace(/</g, "\\u003c"))).toEqual([]);
    expect(jsonLdProblems(`{"name":"</script><script>alert(1)</script>"}`)).toContain("JSON-LD contains '</script'");
    expect(jsonLdProblems(`{"name":"a\u2028b"}`)).toContain("JSON-LD contains a raw U+2028 or U+2029");
    expect(jsonLdProblems(`{"name":"a"`)).toEqual([expect.stringMatching(/not JSON/)]);
    const html = `<script type="application/ld+json" nonce="N1">{"name":"</script><script>alert(1)</script>"}</script>`;
    expect(executableProblems(html, { nonce: "N1" })).toEqual(
      expect.arrayContaining([expect.stringMatching(/JSON-LD is not JSON/), expect.stringMatching(/without the response's nonce/)]),
    );
  });
});
