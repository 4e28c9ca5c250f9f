import { describe, expect, it } from "vitest";
import { runsOnce } from "../tests/support/database-kind";
import { testApp } from "../tests/support/server";

const TOO_LARGE = "The upload is too large. Images must be smaller than the limit shown on the form.";
const MB = 1024 * 1024;

/** A multipart body of about `bytes`, as a KYC form with one file sends it. */
function kycForm(bytes: number): FormData {
  const form = new FormData();
  form.set("fullName", "Ada Obi");
  form.set("idImage", new File([new Uint8Array(bytes)], "id.png", { type: "image/png" }));
  return form;
}

describe.runIf(runsOnce)("the KYC form's 6 MB body limit", () => {
  it("applies to the document post and to the .data post the form sends with JavaScript, however the path is spelt, in every language", async () => {
    const app = testApp();
    for (const path of ["/kyc-verification", "/kyc-verification.data", "/kyc-verification/", "/kyc-verification/_.data", "/KYC-Verification.data", "/kyc-verification.data?index", "/ha/kyc-verification", "/yo/kyc-verification.data"]) {
      const response = await app.request(`http://localhost:3000${path}`, { method: "POST", body: kycForm(7 * MB) });
      expect(response.status, path).toBe(413);
      // In the page's language (issue 36): English at the spec's addresses.
      const text = await response.text();
      if (path.startsWith("/ha/") || path.startsWith("/yo/")) expect(text, path).not.toBe(TOO_LARGE);
      else expect(text, path).toBe(TOO_LARGE);
    }
  });

  it("lets a body under the limit through to the route", async () => {
    const app = testApp();
    const response = await app.request("http://localhost:3000/kyc-verification.data", { method: "POST", body: kycForm(5 * MB) });
    // The test app has no React Router build: getting past the limit means reaching it (and failing there).
    expect(response.status).not.toBe(413);
  });
});

describe.runIf(runsOnce)("the claim page's document (issue 34): the same 6 MB", () => {
  it("applies to /business/claim/:id's document and .data posts, and to nothing else under /business", async () => {
    const app = testApp();
    const id = "0b7f3c1e-2d4a-4c5b-9e8f-1a2b3c4d5e6f";
    for (const path of [`/business/claim/${id}`, `/business/claim/${id}.data`, `/business/claim/${id}/`, `/Business/Claim/${id}.data`]) {
      const response = await app.request(`http://localhost:3000${path}`, { method: "POST", body: kycForm(7 * MB) });
      expect(response.status, path).toBe(413);
      expect(await response.text(), path).toBe(TOO_LARGE);
    }
    const under = await app.request(`http://localhost:3000/business/claim/${id}.data`, { method: "POST", body: kycForm(5 * MB) });
    expect(under.status).not.toBe(413);
    // A listing's own form keeps its larger limit (three images).
    const edit = await app.request(`http://localhost:3000/business/edit/${id}.data`, { method: "POST", body: kycForm(7 * MB) });
    expect(edit.status).not.toBe(413);
  });
});
