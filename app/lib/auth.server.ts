import { betterAuth } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import * as schema from "../../db/schema";
import { getDatabase, type Db } from "./db.server";
import { enqueueEmailNow } from "./email.server";
import { getEnv } from "./env.server";
import { currentLocale, type Translate } from "./i18n/i18n";
import { DEFAULT_LOCALE, localizePath, type Locale } from "./i18n/locales";
import { languageOf, renderIn } from "./i18n/sent-language.server";
import { scrubText, scrubValue } from "./log-safety";
import { logger } from "./logger.server";
import { hashPassword, verifyPassword } from "./password.server";
import { LIMITS } from "./reference";

/** How long a session lasts (renewed once a day while in use); the privacy page says so. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * The language of an account e-mail (issue 36): the one the account holder chose, else the language of the page it
 * was asked from (a sign-up, a reset: most often by the holder themselves).
 */
function accountLanguage(db: Db, userId: string): Promise<Locale> {
  return languageOf(db, userId, currentLocale());
}

/** The page better-auth's link opens after it (its callbackURL, one of our paths) in `language`. */
function localizedLink(url: string, language: Locale): string {
  if (language === DEFAULT_LOCALE) return url;
  const link = new URL(url);
  const callback = link.searchParams.get("callbackURL");
  if (callback?.startsWith("/") && !callback.startsWith("//")) link.searchParams.set("callbackURL", localizePath(language, callback));
  return link.toString();
}

/**
 * An account e-mail with a link (verify, reset), on the e-mail queue before better-auth answers (ADR 34), written in
 * `language`: `texts` gives the subject, the opening sentence and the link's words in it.
 */
function linkEmail(to: string, language: Locale, url: string, texts: (t: Translate) => { subject: string; intro: string; action: string }) {
  const link = localizedLink(url, language);
  const email = renderIn(language, (t) => {
    const { subject, intro, action } = texts(t);
    const ignore = t("If you did not ask for this, you can ignore this e-mail.");
    return {
      to,
      subject,
      text: `${intro}\n\n${action}: ${link}\n\n${ignore}`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p>`,
    };
  });
  return enqueueEmailNow(email);
}

/**
 * The header that carries our client address (app/lib/client-address.server.ts) into better-auth calls, which
 * record it on the session. Set only by `authHeaders`, from the address the server worked out; better-auth
 * reads no other header (X-Forwarded-For from a client would be believed).
 */
export const CLIENT_ADDRESS_HEADER = "x-nd-client-address";

/** The request's headers for a better-auth call, with our client address in place of anything a client sent. */
export function authHeaders(request: Request, clientAddress: string | undefined): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
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
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
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
      // The account e-mails are in the holder's language (accountLanguage).
      onExistingUserSignUp: async ({ user }) => {
        // Someone else may be on that page: the holder's own language, else English (not the page's).
        const email = renderIn(await languageOf(db, user.id), (t) => {
          const tried = t("Someone tried to create a Naija Directory account with this e-mail address, which already has an account.");
          const forgot = t("Forgot password?");
          const ifYou = (link: string) => t("If it was you, sign in or use {{forgot}} on the sign-in page. Otherwise you can ignore this e-mail.", { forgot: link });
          return {
            to: user.email,
            subject: t("Someone tried to register with your e-mail"),
            text: `${tried} ${ifYou(`'${forgot}'`)}`,
            html: `<p>${escapeHtml(tried)}</p><p>${ifYou(`<b>${escapeHtml(forgot)}</b>`)}</p>`,
          };
        });
        await enqueueEmailNow(email);
      },
      sendResetPassword: async ({ user, url }) => {
        await linkEmail(user.email, await accountLanguage(db, user.id), url, (t) => ({
          subject: t("Reset your password"),
          intro: t("Someone asked to reset the password of your Naija Directory account."),
          action: t("Choose a new password"),
        }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await linkEmail(user.email, await accountLanguage(db, user.id), url, (t) => ({
          subject: t("Verify your e-mail address"),
          intro: t("Welcome to Naija Directory. Please confirm your e-mail address."),
          action: t("Verify my e-mail"),
        }));
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile row mirrors the sign-up metadata; only visitor and business can be chosen.
          after: async (created) => {
            const meta = (created.metadata ?? {}) as Record<string, string>;
            const role = meta.role === "business" ? "business" : "visitor";
            await db
              .insert(schema.profiles)
              .values({
                id: created.id,
                firstName: meta.first_name ?? null,
                lastName: meta.last_name ?? null,
                country: meta.country ?? null,
                state: meta.state ?? null,
                category: meta.category ?? null,
                role,
                // Registered from a page in another language than English: what is sent to them later is in it (issue 36).
                language: currentLocale() === DEFAULT_LOCALE ? null : currentLocale(),
              })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          // Suspended and deleted accounts get no session, whichever way they try to sign in.
          before: async (session) => {
            const [owner] = await db
              .select({ banned: schema.user.banned, deletedAt: schema.user.deletedAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId))
              .limit(1);
            if (owner?.banned || owner?.deletedAt) return false;
          },
        },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Off in favour of ours (app/lib/rate-limit.server.ts, shared by every process through PostgreSQL): only
    // the e-mailed links reach better-auth's handler, and its limiter would count per process, by a header.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: "nd",
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Refused sign-ins are expected traffic; our own logs record what matters, with the request id.
    // Through our logger: same JSON lines and request id, and arguments scrubbed of query parameters and
    // secret-looking keys (security finding 13).
    logger: {
      level: "error",
      log: (level, message, ...args) => {
        const line = args.length > 0 ? { args: args.map((arg) => scrubValue(arg)) } : {};
        logger[level === "debug" ? "debug" : level](line, `better-auth: ${scrubText(message)}`);
      },
    },
    // Two-factor sign-in with an authenticator app (TOTP), which admins can turn on at /admin/security. Codes
    // are checked on the server by the /login and /admin/security actions; /api/auth/* stays closed.
    plugins: [twoFactor({ issuer: "Naija Directory" })],
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
