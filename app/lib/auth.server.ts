import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "../../db/schema";
import { getDatabase, type Db } from "./db.server";
import { sendEmail } from "./email.server";
import { getEnv } from "./env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { LIMITS } from "./reference";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

function linkEmail(to: string, subject: string, intro: string, action: string, url: string) {
  return sendEmail({
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this e-mail.`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  });
}

function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: "Naija Directory",
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    user: {
      additionalFields: {
        metadata: { type: "json", required: false, input: true, defaultValue: {} },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: LIMITS.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await linkEmail(user.email, "Reset your password", "Someone asked to reset the password of your Naija Directory account.", "Choose a new password", url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await linkEmail(user.email, "Verify your e-mail address", "Welcome to Naija Directory. Please confirm your e-mail address.", "Verify my e-mail", url);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: "nd",
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<object, Auth>();

/** The better-auth instance bound to the process's current database. */
export function getAuth(): Auth {
  const database = getDatabase();
  let auth = instances.get(database);
  if (!auth) {
    auth = createAuth(database.db);
    instances.set(database, auth);
  }
  return auth;
}
