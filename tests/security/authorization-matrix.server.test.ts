/**
 * The authorization matrix (tests/security/authorization-matrix.ts) run against the whole Hono app with the
 * real route modules and real sessions: every route, method and intent, for anonymous callers, a visitor,
 * the listing's owner, another owner, a suspended user, an admin with two-factor and one without.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../../db/schema";
import { addBusinessImage, createAdmin, createBusiness, createKycSubmission, createMessage, createOwner, createVisitor, type CreatedUser } from "../../db/seed/factories";
import { GUARDED_ROUTES } from "../../app/features/accounts/access";
import { ADMIN_TABS } from "../../app/features/admin/admin.schemas";
import { suspendUser } from "../../app/features/admin/suspend-user.server";
import { getSessionUser } from "../../app/features/accounts/session.server";
import { createDemoPaymentProvider } from "../../app/features/payments/demo-payment-provider.server";
import { registerPaymentProvider } from "../../app/features/payments/payment-provider.server";
import { getDb } from "../../app/lib/db.server";
import { getStorage } from "../../app/lib/storage.server";
import { pngImage } from "../support/images";
import { pageApp, routeBuild, routeTableEntries } from "../support/route-build";
import { BASE_URL, sessionCookie } from "../support/screen-harness";
import { enableTwoFactor, twoFactorSessionCookie } from "../support/two-factor";
import {
  ACTOR_LABELS, ACTORS, adminTabRows, HONO_NOT_ENDPOINTS, HONO_ROWS, INTENT_SOURCES, isRefusal, PAGE_ROWS, UNKNOWN_INTENT,
  type ActorName, type Ask, type Expected, type Row, type World,
} from "./authorization-matrix";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const ROWS = [...PAGE_ROWS, ...adminTabRows(ADMIN_TABS.map((t) => t.id))];

// ---------------------------------------------------------------------------------------------
// What must have a row
// ---------------------------------------------------------------------------------------------

function sourcesOf(file: string): string[] {
  const extra = (INTENT_SOURCES[file] ?? []).flatMap((p) => {
    const full = path.join(APP_DIR, p);
    return statSync(full).isDirectory() ? readdirSync(full).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(full, f)) : [full];
  });
  return [path.join(APP_DIR, file), ...extra].map((f) => readFileSync(f, "utf8"));
}

/**
 * The intents an action tells apart, read from its source: compared (`intent === "x"`, `form.get("intent") === "x"`), dispatched
 * (`case "x":`), defaulted (`get("intent") ?? "x"`) or sent by its forms (`name="intent" value="x"`,
 * `intent="x"`).
 */
export function intentsIn(sources: string[]): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bintent\s*===\s*"([a-z0-9-]+)"/g,
    /\bform\.get\("intent"\)\s*===\s*"([a-z0-9-]+)"/g,
    /^\s*case "([a-z0-9-]+)":/gm,
    /get\("intent"\)\s*\?\?\s*"([a-z0-9-]+)"/g,
    /name="intent"\s+value="([a-z0-9-]+)"/g,
    /\bintent="([a-z0-9-]+)"/g,
  ];
  for (const source of sources) for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1]!);
  return [...found].sort();
}

/** Every key the page rows must cover: each route's GET, and its POST per intent (405 when it has no action). */
async function requiredPageKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const entry of routeTableEntries()) {
    const module = (await import(/* @vite-ignore */ path.join(APP_DIR, entry.file))) as { loader?: unknown; action?: unknown };
    keys.push(`GET ${entry.path}`);
    if (typeof module.action !== "function") {
      keys.push(`POST ${entry.path}`);
      continue;
    }
    const intents = intentsIn(sourcesOf(entry.file));
    if (intents.length === 0) keys.push(`POST ${entry.path}`);
    for (const intent of intents) keys.push(`POST ${entry.path} intent=${intent}`);
    // An action that tells intents apart is also asked one it does not know.
    if (intents.length > 0) keys.push(`POST ${entry.path} intent=${UNKNOWN_INTENT}`);
  }
  for (const tab of ADMIN_TABS) keys.push(`GET /admin?tab=${tab.id}`);
  return keys;
}

/** Every endpoint the Hono app registers (middleware has a `next` parameter). */
function requiredHonoKeys(): string[] {
  const app = pageApp();
  const keys = new Set<string>();
  for (const route of app.routes) {
    const key = `${route.method} ${route.path}`;
    if (route.handler.length >= 2 || HONO_NOT_ENDPOINTS.includes(key)) continue;
    keys.add(key);
  }
  return [...keys];
}

function coverage(required: string[], rows: Row[]) {
  const covered = new Set(rows.map((r) => r.key));
  const wanted = new Set(required);
  return {
    missing: required.filter((k) => !covered.has(k)),
    stale: [...covered].filter((k) => !wanted.has(k)),
  };
}

describe("the matrix covers every route", () => {
  it("has a row for each route, method and intent of app/routes.ts (and no row for something that is gone)", async () => {
    const { missing, stale } = coverage(await requiredPageKeys(), ROWS);
    expect(missing, "routes, methods or intents without a row in tests/security/authorization-matrix.ts").toEqual([]);
    expect(stale, "rows for routes or intents that no longer exist").toEqual([]);
  });

  it("has a row for each endpoint of the Hono app", () => {
    const { missing, stale } = coverage(requiredHonoKeys(), HONO_ROWS);
    expect(missing, "Hono endpoints without a row in HONO_ROWS (or list middleware in HONO_NOT_ENDPOINTS)").toEqual([]);
    expect(stale, "Hono rows for endpoints that no longer exist").toEqual([]);
  });

  it("agrees with the guards' table (GUARDED_ROUTES): who is sent to sign in, who is sent home", () => {
    const homeOf = { visitor: "→/", business: "→/dashboard", admin: "→/admin" } as const;
    const actorOf = { visitor: "visitor", business: "owner", admin: "admin" } as const;
    // Spec 02, Profile: 'Unauthenticated: Please log in to view your profile' (the page, not a redirect).
    const signedOutPage = new Set(["/profile"]);
    for (const guarded of GUARDED_ROUTES) {
      const r = ROWS.find((x) => x.key === `GET ${guarded.path}`);
      expect(r, `a row for GET ${guarded.path}`).toBeTruthy();
      const signedOut = signedOutPage.has(guarded.path) ? /^200$/ : /^→\/login\?redirectTo=/;
      expect(String(r!.expect.anonymous), guarded.path).toMatch(signedOut);
      expect(String(r!.expect.suspended), guarded.path).toMatch(signedOut);
      for (const role of ["visitor", "business", "admin"] as const) {
        const expected = r!.expect[actorOf[role]];
        if (guarded.roles.includes(role)) expect(expected, `${role} on ${guarded.path}`).not.toBe(homeOf[role]);
        else expect(expected, `${role} on ${guarded.path}`).toBe(homeOf[role]);
      }
    }
  });

  it("reads intents the way the route modules write them", () => {
    expect(intentsIn(sourcesOf("routes/owner/dashboard.tsx"))).toEqual(["delete", "feature"]);
    expect(intentsIn(sourcesOf("routes/auth/login.tsx"))).toEqual(["forgot", "phone-call", "phone-code", "phone-sign-in", "resend", "reset", "sign-in", "two-factor"]);
    expect(intentsIn(sourcesOf("routes/admin/admin.tsx"))).toContain("delete-feedback");
    expect(intentsIn(['<ActionForm intent="x-y">', 'if (intent === "z") {}', 'if (form.get("intent") === "w") {}'])).toEqual(["w", "x-y", "z"]);
  });
});

// ---------------------------------------------------------------------------------------------
// The actors and the rows they act on, made once
// ---------------------------------------------------------------------------------------------

type ActorState = { cookie: string; before?: () => Promise<void> };
let world: World;
const actors = {} as Record<ActorName, ActorState>;
let app: ReturnType<typeof pageApp>;

beforeAll(async () => {
  const db = getDb();
  // The demo gateway without its 2 seconds of pretend processing.
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0 }));
  app = pageApp();
  await routeBuild();

  const [visitor, owner, otherOwner, suspended, admin, adminNo2fa] = await Promise.all([
    createVisitor(db),
    createOwner(db),
    createOwner(db),
    createOwner(db),
    createAdmin(db, { twoFactor: false }),
    createAdmin(db, { twoFactor: false }),
  ]);
  const users = { visitor, owner, otherOwner, suspended, admin, adminNo2fa };
  for (const name of ["visitor", "owner", "otherOwner", "suspended", "adminNo2fa"] as const) {
    actors[name] = { cookie: await sessionCookie(users[name].email) };
  }
  actors.anonymous = { cookie: "" };

  // The admin turns on two-factor sign-in as an admin does: password, secret, first code.
  const adminCookie = await sessionCookie(admin.email);
  const twoFactor = await enableTwoFactor(adminCookie);
  actors.admin = { cookie: twoFactor.cookie };
  const [adminRow] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, admin.id));
  expect(adminRow!.on).toBe(true);
  const adminActor = (await getSessionUser(new Request(BASE_URL, { headers: { cookie: twoFactor.cookie } })))!;

  // Suspended by an admin; its session row is put back before each of its requests, as one that slipped
  // through would be: the cookie must still count as nobody.
  const sessions = await db.select().from(session).where(eq(session.userId, suspended.id));
  await suspendUser(adminActor, { userId: suspended.id, reason: "Authorization matrix" });
  actors.suspended.before = async () => {
    await db.insert(session).values(sessions).onConflictDoNothing();
  };

  const listing = await createBusiness(db, { userId: owner.id, name: "Matrix Listing" });
  const imageKey = `${listing.id}/matrix_1.webp`;
  await getStorage().put("business-images", imageKey, await pngImage(), "image/png");
  const image = await addBusinessImage(db, { businessId: listing.id, imageUrl: imageKey, position: 1 });
  const pendingListing = await createBusiness(db, { userId: owner.id, status: "pending" });
  await createBusiness(db, { userId: otherOwner.id });
  const documentKey = `${owner.id}/matrix-id.webp`;
  await getStorage().put("kyc-documents", documentKey, await pngImage(), "image/png");
  const kycWithDocument = await createKycSubmission(db, { userId: owner.id, status: "rejected", idImageUrl: documentKey, updateProfile: false });
  // The visitor's conversation with the owner's listing.
  await createMessage(db, { businessId: listing.id, senderId: visitor.id });

  world = {
    users,
    adminActor,
    listing,
    imageId: image.id,
    imageKey,
    pendingListing,
    kycWithDocument,
    async freshCookie(actor) {
      if (actor === "anonymous") return "";
      if (actor === "suspended") return actors.suspended.cookie;
      if (actor === "admin") return twoFactorSessionCookie(admin.email, twoFactor.secret);
      return sessionCookie((users[actor] as CreatedUser).email);
    },
  };
});

// ---------------------------------------------------------------------------------------------
// Running a row
// ---------------------------------------------------------------------------------------------

async function send(ask: Ask, cookie: string): Promise<Response> {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  let body: BodyInit | undefined;
  if (ask.method === "POST") {
    headers.set("origin", BASE_URL);
    if (ask.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(ask.json);
    } else if (ask.files) {
      // An upload form (multipart/form-data): the fields and the files; fetch sets the content type and its boundary.
      const form = new FormData();
      for (const [name, value] of Object.entries(ask.form ?? {})) for (const v of [value].flat()) form.append(name, v);
      for (const [name, file] of Object.entries(ask.files)) form.append(name, file);
      body = form;
    } else {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(ask.form ?? {})) for (const v of [value].flat()) form.append(name, v);
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = form;
    }
  }
  return app.request(new URL(ask.path, BASE_URL).toString(), { method: ask.method, headers, body });
}

/**
 * The answer in the matrix's terms: its status, or → and its Location for a redirect (a payment reference the server
 * makes up, `reference=…`, reads as `reference=REF`).
 */
function outcomeOf(response: Response): Expected {
  if (response.status >= 300 && response.status < 400) {
    return `→${(response.headers.get("location") ?? "").replace(/([?&]reference=)[^&#]+/, "$1REF")}`;
  }
  return response.status;
}

/** Placeholders in expected paths (B, V, ID; Q: the request's ?id=; LISTING: the form's businessId) stand for the world's rows. */
function resolve(expected: Expected, ask: Ask): Expected {
  if (typeof expected === "number") return expected;
  const url = new URL(ask.path, BASE_URL);
  const id = url.pathname.split("/").pop() ?? "";
  return expected
    .replaceAll("%2FID", `%2F${id}`)
    .replaceAll("/ID#", `/${id}#`)
    .replaceAll("/ID?", `/${id}?`)
    .replaceAll("businessId%3DB", `businessId%3D${world.listing.id}`)
    .replaceAll("visitorId%3DV", `visitorId%3D${world.users.visitor.id}`)
    .replaceAll("businessId=B", `businessId=${world.listing.id}`)
    .replaceAll("%26id%3DQ", `%26id%3D${url.searchParams.get("id") ?? ""}`)
    .replaceAll("LISTING", String(ask.form?.businessId ?? "")) as Expected;
}

/** One actor's request of a row: what went other than expected. */
async function runFor(row: Row, actor: ActorName): Promise<string[]> {
  const problems: string[] = [];
  const target = row.prepare ? await row.prepare(world, actor) : undefined;
  const ask = await row.ask(world, target as never, actor);
  const before = row.effect ? JSON.stringify(await row.effect(target as never)) : undefined;
  await actors[actor].before?.();
  const response = await send(ask, ask.cookie ?? actors[actor].cookie);
  if (row.stream) await response.body?.cancel();
  else await response.arrayBuffer();
  const got = outcomeOf(response);
  const wanted = resolve(row.expect[actor], ask);
  if (got !== wanted) problems.push(`${ACTOR_LABELS[actor]}: expected ${wanted}, got ${got}`);
  if (row.effect) {
    const after = JSON.stringify(await row.effect(target as never));
    if (isRefusal(row.expect[actor]) && after !== before) problems.push(`${ACTOR_LABELS[actor]}: refused, but it changed ${before} → ${after}`);
    if (!isRefusal(row.expect[actor]) && after === before) problems.push(`${ACTOR_LABELS[actor]}: allowed, but nothing changed (${before})`);
  }
  return problems;
}

/** Every actor's request of a row; side by side (each has targets of its own) unless the row says not. */
async function run(row: Row): Promise<string[]> {
  if (!row.serial) return (await Promise.all(ACTORS.map((actor) => runFor(row, actor)))).flat();
  const problems: string[] = [];
  for (const actor of ACTORS) problems.push(...(await runFor(row, actor)));
  return problems;
}

const title = (r: Row) => `${r.key}${r.case ? ` (${r.case})` : ""}${r.twoFactorRule ? " [admins need two-factor]" : ""}`;

describe("pages and their actions", () => {
  for (const r of ROWS) {
    it(title(r), async () => {
      expect(await run(r)).toEqual([]);
    });
  }
});

describe("the Hono endpoints", () => {
  for (const r of HONO_ROWS) {
    it(title(r), async () => {
      expect(await run(r)).toEqual([]);
    });
  }
});
