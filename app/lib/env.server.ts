import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "./zod";
import { invalidTrustedProxies } from "./client-address.server";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const emailList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const emails = value.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean);
    for (const email of emails) {
      if (!z.email().safeParse(email).success) {
        ctx.addIssue({ code: "custom", message: `'${email}' is not an e-mail address` });
      }
    }
    return emails;
  });

/** Addresses and CIDR ranges (IPv4, IPv6), separated by commas or spaces. */
const addressList = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const entries = value.split(/[\s,]+/).filter(Boolean);
    for (const entry of invalidTrustedProxies(entries)) {
      ctx.addIssue({ code: "custom", message: `'${entry}' is not an IP address or CIDR range (such as 10.0.0.1, 10.0.0.0/8 or fd00::/8)` });
    }
    return entries;
  });

/**
 * One line of plain text an operator sets (a receipt's seller details): trimmed, at most `max` characters, no
 * control characters (no line breaks, tabs or escape sequences) and no bidirectional overrides (which could
 * make a number read backwards). Shown as text, never as HTML.
 */
const plainTextLine = (max: number) =>
  z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "must not be blank")
        .max(max, `must be at most ${max} characters`)
        .refine((value) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(value), "must be one line of plain text, without control characters"),
    );

const digitCount = (value: string) => value.replace(/[^0-9]/g, "").length;

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://example.com" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  ADMIN_EMAILS: emailList,
  DEMO_SEED: booleanString.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** JSON lines or short readable ones; unset: readable only outside production in a terminal (app/lib/logger.server.ts). */
  LOG_FORMAT: z.enum(["json", "pretty"], { message: "must be json or pretty" }).optional(),
  SUPPORT_EMAIL: z.email({ message: "must be an e-mail address" }).default("support@example.com"),
  // The seller named on receipts (app/features/payments/internal/receipt-data.server.ts): what a business
  // paying for a plan needs for its books. Unset in production: the start-up log warns (receiptSellerGaps).
  /** The seller's registered name; unset: the site's name. */
  RECEIPT_SELLER_NAME: plainTextLine(120).optional(),
  RECEIPT_SELLER_ADDRESS: plainTextLine(300).optional(),
  /** The CAC registration number as written on the certificate: RC 1234567 (a company), BN 1234567 (a business name)… */
  RECEIPT_SELLER_RC: plainTextLine(30)
    .refine((value) => /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value), "must be a CAC registration number such as RC 1234567 or BN 1234567 (letters, digits, spaces, '.', '/', '-')")
    .optional(),
  /** The Tax Identification Number (FIRS or JTB). */
  RECEIPT_SELLER_TIN: plainTextLine(30)
    .refine((value) => /^[0-9][0-9 -]*$/.test(value) && digitCount(value) >= 8, "must be a Tax Identification Number such as 12345678-0001 (digits, spaces and '-')")
    .optional(),
  RECEIPT_SELLER_EMAIL: z.email({ message: "must be an e-mail address" }).max(254, "must be at most 254 characters").optional(),
  RECEIPT_SELLER_PHONE: plainTextLine(30)
    .refine((value) => /^\+?[0-9][0-9 ()-]*$/.test(value) && digitCount(value) >= 7, "must be a phone number such as +234 801 234 5678 (digits, spaces, '+', '(', ')', '-')")
    .optional(),
  // The demo provider makes every payment succeed: outside a loopback trial it must be chosen explicitly.
  PAYMENT_PROVIDER: z.enum(["demo", "paystack"], { message: "must be paystack or demo" }).optional(),
  // Paystack (app/features/payments/paystack-provider.server.ts): the secret key signs nothing we send but
  // authenticates every API call and is the webhook's HMAC key. Never logged; zod's messages never repeat it.
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{8,200}$/, "must be a Paystack secret key (sk_test_… or sk_live_…)")
    .optional(),
  // Where the Paystack API is: https://api.paystack.co, or a loopback address outside production (the tests' fake).
  PAYSTACK_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an https:// URL such as https://api.paystack.co" }).optional(),
  // SMS (issue 33, ADR 35): Termii's Messaging API (app/lib/sms.server.ts). Unset: a local trial keeps SMS in the
  // development outbox; production sends none. The key authenticates every call (in the body, as Termii wants it)
  // and is never logged; zod's messages never repeat it.
  SMS_PROVIDER: z.enum(["termii"], { message: "must be termii" }).optional(),
  TERMII_API_KEY: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, "must be a Termii API key (letters and digits, from Termii's dashboard)").optional(),
  TERMII_SENDER_ID: z.string().regex(/^[A-Za-z0-9]{3,11}$/, "must be the sender ID Termii approved for you: 3 to 11 letters or digits").optional(),
  // Where Termii's API is: your account's base URL (https://api.ng.termii.com), or a loopback address outside
  // production (the tests' fake Termii).
  TERMII_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an https:// URL such as https://api.ng.termii.com" }).optional(),
  // WhatsApp Business Platform, Cloud API (issue 33, ADR 36; app/lib/whatsapp.server.ts): the access token sends,
  // the app secret signs the webhook's events, the verify token answers its handshake. All four or none; never logged.
  WHATSAPP_ACCESS_TOKEN: z.string().regex(/^[A-Za-z0-9_-]{20,600}$/, "must be a WhatsApp Cloud API access token (from Meta's App Dashboard)").optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,30}$/, "must be the numeric phone number ID from WhatsApp Manager").optional(),
  WHATSAPP_APP_SECRET: z.string().regex(/^[A-Za-z0-9]{16,200}$/, "must be the app secret from Meta's App Dashboard (App settings → Basic)").optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "must be at least 16 characters (a random secret you also give Meta's webhook settings)").max(200).optional(),
  // Where the Graph API is, with its version: https://graph.facebook.com/v21.0, or a loopback address outside
  // production (the tests' fake Graph API).
  WHATSAPP_GRAPH_URL: z.url({ protocol: /^https?$/, message: "must be an https:// URL such as https://graph.facebook.com/v21.0" }).optional(),
  // Identity checks for the verification levels (app/features/verification/internal/identity-provider.server.ts): a
  // virtual NIN and CAC lookups through VerifyMe (https://docs.verifyme.ng). Unset: no provider, the photo-ID KYC with
  // an admin's review is the only path (valid in production too). The secret key (test or live, from VerifyMe's
  // dashboard; its docs give no format) authenticates every call as a Bearer token; never logged, and zod's messages
  // never repeat it.
  IDENTITY_PROVIDER: z.enum(["verifyme"], { message: "must be verifyme" }).optional(),
  VERIFYME_SECRET_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{16,4096}$/, "must be a VerifyMe secret key (from VerifyMe's dashboard: at least 16 characters, no spaces)")
    .optional(),
  // Where VerifyMe's API is: https://vapi.verifyme.ng, or a loopback address outside production (the tests' fake).
  VERIFYME_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an https:// URL such as https://vapi.verifyme.ng" }).optional(),
  /** Days a decided KYC submission keeps its ID document before the scheduler deletes it (privacy page). */
  KYC_RETENTION_DAYS: z.coerce
    .number({ message: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .max(3650, "must be at most 3650 days")
    .default(90),
  // The proxies in front of the server (TLS terminators, load balancers) whose forwarding headers are
  // believed; empty trusts nobody (app/lib/client-address.server.ts).
  TRUSTED_PROXIES: addressList,
  // Object storage (app/lib/storage-s3.server.ts): set S3_BUCKET to keep files in an S3-compatible bucket.
  S3_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, "must be a bucket name: 3–63 letters, digits, dots or hyphens")
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: "must be an http:// or https:// URL such as https://<account>.r2.cloudflarestorage.com" })
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 (R2: auto)").default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "must be letters, digits, '.', '_', '-' and '/', not starting with '/'")
    .refine((v) => !v.includes("..") && !v.includes("//"), "must not contain '..' or '//'")
    .transform((v) => (v.endsWith("/") ? v : `${v}/`))
    .default(""),
  // The origin of a pull CDN in front of /media (listing images only); pages point their images at it.
  MEDIA_CDN_URL: z
    .url({ protocol: /^https?$/, message: "must be an http:// or https:// origin such as https://cdn.example.com" })
    .refine((v) => {
      if (!URL.canParse(v)) return true; // reported by the check above
      const url = new URL(v);
      return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    }, "must be an origin only (https://cdn.example.com), without a path, query or credentials")
    .transform((v) => new URL(v).origin)
    .optional(),
  /** How often the scheduler ticks; each job runs once per tick across every process (server/scheduler.ts). */
  JOBS_INTERVAL_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(1000, "must be at least 1000 (one second)")
    .max(24 * 3_600_000, "must be at most 86400000 (a day)")
    .default(60_000),
  /** Anonymous visitors' public pages served from memory (server/page-cache.ts, ADR 28). */
  PAGE_CACHE: booleanString.default(true),
  /** After SIGTERM: how long /readyz answers 503 while the process still serves, before it closes its listener. */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(60_000, "must be at most 60000 (a minute)")
    .default(3000),
  /** GET /metrics on its own listener (METRICS_HOST, loopback by default) at this port. */
  METRICS_PORT: z.coerce.number({ message: "must be a port number" }).int("must be a port number").min(1, "must be a port number (1-65535)").max(65535, "must be a port number (1-65535)").optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** GET /metrics on the main port with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (a random secret)").optional(),
});

export type Env = z.infer<typeof EnvSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  isProduction: boolean;
  /** PUBLIC_URL is a loopback address (or unset): a trial on this machine, not a public site. */
  isLocal: boolean;
  /** Seed the demo accounts and listings into a new database: only for a local trial (DEMO_SEED, not production). */
  demoData: boolean;
  /** The development outbox (/dev/mailbox): only for a local trial without SMTP_URL, never in production. */
  devTools: boolean;
};

/** Host names that only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A listening address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

export class EnvError extends Error {}

/** Reads and validates the environment; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as most shells and .env files mean them.
  const cleaned: Record<string, string> = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""),
  );
  // scripts/start.mjs forces NODE_ENV=production for libraries and keeps the operator's value here.
  if (source.APP_NODE_ENV !== undefined) {
    if (source.APP_NODE_ENV === "") delete cleaned.NODE_ENV;
    else cleaned.NODE_ENV = source.APP_NODE_ENV;
  }
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const isLocal = isLoopbackUrl(publicUrl);
  // Security finding 6: production (or any public address) never falls back to a generated secret, demo
  // accounts with a published password, the dev outbox or the always-succeeding demo payments.
  const problems: string[] = [];
  if (isProduction) {
    if (!env.PUBLIC_URL) problems.push("PUBLIC_URL: required when NODE_ENV is production (the https:// address people open)");
    else if (!publicUrl.startsWith("https://")) problems.push("PUBLIC_URL: must be an https:// address when NODE_ENV is production");
    if (!env.AUTH_SECRET) problems.push("AUTH_SECRET: required when NODE_ENV is production (at least 32 characters)");
    if (!env.SMTP_URL) problems.push("SMTP_URL: required when NODE_ENV is production (sign-up and password-reset e-mails must leave the machine)");
    if (!env.SMS_PROVIDER) {
      problems.push("SMS_PROVIDER: required when NODE_ENV is production (sign-in codes and owners' texts must leave the machine): SMS_PROVIDER=termii with TERMII_API_KEY and TERMII_SENDER_ID");
    }
    if (!env.PAYMENT_PROVIDER) {
      problems.push("PAYMENT_PROVIDER: required when NODE_ENV is production; PAYMENT_PROVIDER=demo takes no money and marks every payment paid, so set it only for a trial");
    }
  } else if (!isLocal && !env.AUTH_SECRET) {
    problems.push("AUTH_SECRET: required when PUBLIC_URL is not a loopback address (at least 32 characters)");
  }
  problems.push(...objectStorageProblems(env, isProduction));
  problems.push(...paystackProblems(env, isProduction));
  problems.push(...smsProblems(env, isProduction));
  problems.push(...whatsAppProblems(env, isProduction));
  problems.push(...identityProviderProblems(env, isProduction));
  // /metrics shows traffic, errors and the machine's state: a listener reachable from other machines needs the token too.
  if (env.METRICS_PORT !== undefined && !isLoopbackHost(env.METRICS_HOST) && !env.METRICS_TOKEN) {
    problems.push("METRICS_TOKEN: required when METRICS_HOST is not a loopback address (the metrics listener would be open to the network)");
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  const authSecret = env.AUTH_SECRET ?? loadOrCreateSecret(dataDir);
  const trial = isLocal && !isProduction;
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: authSecret,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (trial ? "demo" : undefined),
    isProduction,
    isLocal,
    demoData: trial && env.DEMO_SEED,
    devTools: trial && !env.SMTP_URL,
  };
}

/** The receipt's seller details a business's books need, whose absence the start-up log names. */
export const RECEIPT_SELLER_ESSENTIALS = ["RECEIPT_SELLER_NAME", "RECEIPT_SELLER_ADDRESS", "RECEIPT_SELLER_RC"] as const;

/**
 * The essential seller details a production site has not set (RECEIPT_SELLER_ESSENTIALS): the server still
 * starts (receipts then name the site alone), and logs one warning naming them. Empty outside production.
 */
export function receiptSellerGaps(env: Pick<Env, "isProduction" | (typeof RECEIPT_SELLER_ESSENTIALS)[number]>): string[] {
  if (!env.isProduction) return [];
  return RECEIPT_SELLER_ESSENTIALS.filter((name) => !env[name]);
}

/** Host names and addresses that stay inside this machine or a private network (RFC 1918, ULA). */
export function isPrivateNetworkUrl(url: string): boolean {
  if (isLoopbackUrl(url)) return true;
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return /^f[cd][0-9a-f]{2}:/.test(host);
}

/**
 * Object storage settings that cannot work or are unsafe. Credentials are both set or both unset (then the
 * SDK's default chain: instance role, AWS_* variables). In production the bucket is reached over TLS unless
 * it is on this machine or a private network (a MinIO beside the app), and the CDN is https.
 */
function objectStorageProblems(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      env.S3_ACCESS_KEY_ID === undefined
        ? "S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY (set both, or neither to use the SDK's default credentials)"
        : "S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID (set both, or neither to use the SDK's default credentials)",
    );
  }
  if (!env.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PREFIX"] as const).filter((name) => env[name]);
    for (const name of stray) problems.push(`${name}: set without S3_BUCKET (files would stay on disk); set S3_BUCKET too, or unset ${name}`);
  }
  if (isProduction && env.S3_ENDPOINT?.startsWith("http://") && !isPrivateNetworkUrl(env.S3_ENDPOINT)) {
    problems.push("S3_ENDPOINT: must be an https:// address when NODE_ENV is production (http:// only for a loopback or private-network address)");
  }
  if (isProduction && env.MEDIA_CDN_URL?.startsWith("http://")) {
    problems.push("MEDIA_CDN_URL: must be an https:// origin when NODE_ENV is production");
  }
  return problems;
}

/**
 * Paystack settings that cannot work or are unsafe: the key is required with PAYMENT_PROVIDER=paystack; a
 * production site refuses a test key (Paystack's published test cards would buy real plans for nothing);
 * the API is reached over TLS, except a loopback address outside production (the tests' fake Paystack).
 */
function paystackProblems(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === "paystack" && !env.PAYSTACK_SECRET_KEY) {
    problems.push("PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER is paystack (the secret key from Paystack's dashboard, Settings → API Keys & Webhooks)");
  }
  if (isProduction && env.PAYMENT_PROVIDER === "paystack" && env.PAYSTACK_SECRET_KEY?.startsWith("sk_test_")) {
    problems.push("PAYSTACK_SECRET_KEY: a test key (sk_test_…) takes no money: use the live key (sk_live_…) when NODE_ENV is production");
  }
  if (env.PAYSTACK_BASE_URL?.startsWith("http://") && (isProduction || !isLoopbackUrl(env.PAYSTACK_BASE_URL))) {
    problems.push("PAYSTACK_BASE_URL: must be an https:// URL (http:// only for a loopback address outside production)");
  }
  return problems;
}

/**
 * SMS settings that cannot work (issue 33): half a configuration names what is missing, the Termii settings
 * without SMS_PROVIDER name it, and the API is reached over TLS except a loopback address outside production.
 */
function smsProblems(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (env.SMS_PROVIDER === "termii") {
    if (!env.TERMII_API_KEY) problems.push("TERMII_API_KEY: required when SMS_PROVIDER is termii (the API key from Termii's dashboard)");
    if (!env.TERMII_SENDER_ID) problems.push("TERMII_SENDER_ID: required when SMS_PROVIDER is termii (your approved sender ID, 3 to 11 letters or digits)");
  } else {
    const stray = (["TERMII_API_KEY", "TERMII_SENDER_ID", "TERMII_BASE_URL"] as const).filter((name) => env[name]);
    for (const name of stray) problems.push(`${name}: set without SMS_PROVIDER (no SMS would be sent through Termii); set SMS_PROVIDER=termii too, or unset ${name}`);
  }
  if (env.TERMII_BASE_URL?.startsWith("http://") && (isProduction || !isLoopbackUrl(env.TERMII_BASE_URL))) {
    problems.push("TERMII_BASE_URL: must be an https:// URL (http:// only for a loopback address outside production)");
  }
  return problems;
}

/** The WhatsApp settings that only work together (issue 33). */
export const WHATSAPP_SETTINGS = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

/**
 * WhatsApp settings that cannot work: all four or none (half a configuration names each one missing), and the Graph
 * API over TLS except a loopback address outside production.
 */
function whatsAppProblems(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  const set = WHATSAPP_SETTINGS.filter((name) => env[name]);
  if (set.length > 0 && set.length < WHATSAPP_SETTINGS.length) {
    for (const name of WHATSAPP_SETTINGS.filter((n) => !env[n])) {
      problems.push(`${name}: required with ${set.join(", ")} (WhatsApp needs all four: ${WHATSAPP_SETTINGS.join(", ")})`);
    }
  }
  if (env.WHATSAPP_GRAPH_URL && set.length === 0) {
    problems.push("WHATSAPP_GRAPH_URL: set without the WhatsApp settings; set them too, or unset WHATSAPP_GRAPH_URL");
  }
  if (env.WHATSAPP_GRAPH_URL?.startsWith("http://") && (isProduction || !isLoopbackUrl(env.WHATSAPP_GRAPH_URL))) {
    problems.push("WHATSAPP_GRAPH_URL: must be an https:// URL (http:// only for a loopback address outside production)");
  }
  return problems;
}

/**
 * Identity provider settings that cannot work (the verification levels): half a configuration names what is missing,
 * the VerifyMe settings without IDENTITY_PROVIDER name it, and the API is reached over TLS except a loopback address
 * outside production. No provider at all is a valid configuration, in production too.
 */
function identityProviderProblems(env: z.infer<typeof EnvSchema>, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (env.IDENTITY_PROVIDER === "verifyme") {
    if (!env.VERIFYME_SECRET_KEY) {
      problems.push("VERIFYME_SECRET_KEY: required when IDENTITY_PROVIDER is verifyme (the secret key from VerifyMe's dashboard, Developers → Settings)");
    }
  } else {
    const stray = (["VERIFYME_SECRET_KEY", "VERIFYME_BASE_URL"] as const).filter((name) => env[name]);
    for (const name of stray) {
      problems.push(`${name}: set without IDENTITY_PROVIDER (no identity would be checked through VerifyMe); set IDENTITY_PROVIDER=verifyme too, or unset ${name}`);
    }
  }
  if (env.VERIFYME_BASE_URL?.startsWith("http://") && (isProduction || !isLoopbackUrl(env.VERIFYME_BASE_URL))) {
    problems.push("VERIFYME_BASE_URL: must be an https:// URL (http:// only for a loopback address outside production)");
  }
  return problems;
}

/** Outside production a missing AUTH_SECRET is generated once and kept in DATA_DIR (mode 600). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const KEY = Symbol.for("app.env");
type WithEnv = typeof globalThis & { [KEY]?: Env };

/** The process's configuration, parsed once. */
export function getEnv(): Env {
  const g = globalThis as WithEnv;
  g[KEY] ??= parseEnv();
  return g[KEY];
}

/** Replaces the process configuration (server start-up and tests). */
export function setEnv(env: Env): void {
  (globalThis as WithEnv)[KEY] = env;
}
