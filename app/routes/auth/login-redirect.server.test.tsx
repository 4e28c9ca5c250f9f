import { describe, expect, it } from "vitest";
import { createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { renderRoute, sessionCookie } from "../../../tests/support/screen-harness";
import { getDb } from "../../lib/db.server";
import * as loginRoute from "./login";

// Security finding 2: a remembered path that normalises to another host must never reach the Location header.
const HOSTILE = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example/x"];

describe("/login?redirectTo= never sends anyone to another site", () => {
  it.each(HOSTILE)("a signed-in visitor opening /login?redirectTo=%s is sent home", async (target) => {
    const visitor = await createVisitor(getDb());
    const cookie = await sessionCookie(visitor.email);
    const shown = await renderRoute(loginRoute, `/login?redirectTo=${encodeURIComponent(target)}`, { cookie });
    expect(shown).toMatchObject({ kind: "redirect", location: "/" });
  });

  it.each(HOSTILE)("signing in with redirectTo=%s lands on the user's home", async (target) => {
    const visitor = await createVisitor(getDb());
    const signedIn = await renderRoute(loginRoute, "/login", {
      form: { intent: "sign-in", email: visitor.email, password: DEFAULT_PASSWORD, redirectTo: target },
    });
    expect(signedIn).toMatchObject({ kind: "redirect", location: "/" });
  });

  it("still honours a path on this site", async () => {
    const visitor = await createVisitor(getDb());
    const signedIn = await renderRoute(loginRoute, "/login", {
      form: { intent: "sign-in", email: visitor.email, password: DEFAULT_PASSWORD, redirectTo: "/messages?businessId=1" },
    });
    expect(signedIn).toMatchObject({ kind: "redirect", location: "/messages?businessId=1" });
  });
});
