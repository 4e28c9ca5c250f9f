import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv, receiptSellerGaps } from "./env.server";
import { runsOnce } from "../../tests/support/database-kind";

const SECRET = "s".repeat(32);
/** What production needs besides NODE_ENV and AUTH_SECRET. */
const PRODUCTION_REST = {
  PUBLIC_URL: "https://naija.example", SMTP_URL: "smtp://mail.example:587", PAYMENT_PROVIDER: "demo",
  SMS_PROVIDER: "termii", TERMII_API_KEY: "TLtestkey0123456789abcdef", TERMII_SENDER_ID: "NaijaDir",
};
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "nd-env-"));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The EnvError parseEnv throws for this environment (fails the test when it does not throw). */
function envError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv({ DATA_DIR: dataDir, ...source });
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe.runIf(runsOnce)("parseEnv: bad values are refused with the variable named", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://localhost/app"],
    ["DATABASE_URL", "localhost:5432"],
    ["ADMIN_EMAILS", "admin@example.com,not-an-email"],
    ["DEMO_SEED", "maybe"],
    ["LOG_LEVEL", "verbose"],
    ["NODE_ENV", "staging"],
    ["PUBLIC_URL", "example.com"],
    ["AUTH_SECRET", "too-short"],
    ["SMTP_URL", "http://mail.example.com"],
    ["SUPPORT_EMAIL", "support"],
    ["KYC_RETENTION_DAYS", "ninety"],
    ["KYC_RETENTION_DAYS", "0"],
    ["KYC_RETENTION_DAYS", "1.5"],
    ["TRUSTED_PROXIES", "10.0.0.0/33"],
    ["TRUSTED_PROXIES", "proxy.internal"],
  ])("%s=%s", (name, value) => {
    const error = envError({ [name]: value });
    expect(error.message).toContain(`${name}:`);
    expect(error.message).toMatch(/^Invalid configuration:/);
  });

  it("names the bad address in ADMIN_EMAILS", () => {
    expect(envError({ ADMIN_EMAILS: "ok@example.com, nope" }).message).toContain("'nope' is not an e-mail address");
  });

  it("names the bad entry in TRUSTED_PROXIES", () => {
    const { message } = envError({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8 fd00::/129" });
    expect(message).toContain("TRUSTED_PROXIES: 'fd00::/129' is not an IP address or CIDR range");
    expect(message).not.toContain("'127.0.0.1'");
  });

  it("names every bad variable at once", () => {
    const { message } = envError({ PORT: "x", LOG_LEVEL: "loud", DEMO_SEED: "perhaps" });
    expect(message).toContain("PORT:");
    expect(message).toContain("LOG_LEVEL:");
    expect(message).toContain("DEMO_SEED:");
  });
});

describe.runIf(runsOnce)("parseEnv: good values", () => {
  it("applies the defaults", () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_SEED).toBe(true);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.TRUSTED_PROXIES).toEqual([]);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.isProduction).toBe(false);
    expect(env.KYC_RETENTION_DAYS).toBe(90);
    expect(parseEnv({ DATA_DIR: dataDir, KYC_RETENTION_DAYS: "30" }).KYC_RETENTION_DAYS).toBe(30);
  });

  it("parses and normalises what it accepts", () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      PORT: "8080",
      DATABASE_URL: "postgresql://app:secret@db:5432/app",
      ADMIN_EMAILS: " Admin@Example.com ,ops@example.com,, ",
      DEMO_SEED: "no",
      LOG_LEVEL: "warn",
      PUBLIC_URL: "https://naija.example.com/",
      AUTH_SECRET: SECRET,
      TRUSTED_PROXIES: " 127.0.0.1, ::1  10.0.0.0/8,fd00::/8 ",
    });
    expect(env.PORT).toBe(8080);
    expect(env.TRUSTED_PROXIES).toEqual(["127.0.0.1", "::1", "10.0.0.0/8", "fd00::/8"]);
    expect(env.DATABASE_URL).toBe("postgresql://app:secret@db:5432/app");
    expect(env.ADMIN_EMAILS).toEqual(["admin@example.com", "ops@example.com"]);
    expect(env.DEMO_SEED).toBe(false);
    expect(env.LOG_LEVEL).toBe("warn");
    expect(env.PUBLIC_URL).toBe("https://naija.example.com");
    expect(env.AUTH_SECRET).toBe(SECRET);
    expect(env.DATA_DIR).toBe(path.resolve(dataDir));
  });

  it.each([["true", true], ["1", true], ["yes", true], ["false", false], ["0", false], ["no", false]])(
    "DEMO_SEED=%s is %s",
    (value, expected) => {
      expect(parseEnv({ DATA_DIR: dataDir, DEMO_SEED: value }).DEMO_SEED).toBe(expected);
    },
  );

  it("treats empty strings as unset", () => {
    const env = parseEnv({ DATA_DIR: dataDir, PORT: "", DATABASE_URL: "", LOG_LEVEL: "", SMTP_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.LOG_LEVEL).toBe("info");
  });
});

describe.runIf(runsOnce)("AUTH_SECRET", () => {
  it("is required when NODE_ENV is production", () => {
    const error = envError({ NODE_ENV: "production" });
    expect(error.message).toContain("AUTH_SECRET");
    expect(error.message).toContain("production");
    const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST });
    expect(env.isProduction).toBe(true);
    expect(env.AUTH_SECRET).toBe(SECRET);
  });

  it("is generated once outside production, kept in DATA_DIR with mode 600, and reused", () => {
    const first = parseEnv({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "auth-secret");
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first.AUTH_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it("creates DATA_DIR when it does not exist yet", () => {
    const nested = path.join(dataDir, "a", "b");
    const env = parseEnv({ DATA_DIR: nested });
    expect(readFileSync(path.join(nested, "auth-secret"), "utf8").trim()).toBe(env.AUTH_SECRET);
  });

  it("replaces a stored secret that is too short", () => {
    writeFileSync(path.join(dataDir, "auth-secret"), "short\n");
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.AUTH_SECRET).not.toBe("short");
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("an explicit AUTH_SECRET wins and nothing is written", () => {
    expect(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
    expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow();
  });
});

describe.runIf(runsOnce)("APP_NODE_ENV (set by scripts/start.mjs, which forces NODE_ENV=production for libraries)", () => {
  it("an empty APP_NODE_ENV means the operator set nothing: development rules", () => {
    const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", APP_NODE_ENV: "" });
    expect(env.NODE_ENV).toBe("development");
    expect(env.isProduction).toBe(false);
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("APP_NODE_ENV=production keeps production rules: AUTH_SECRET required", () => {
    const error = envError({ NODE_ENV: "production", APP_NODE_ENV: "production" });
    expect(error.message).toContain("AUTH_SECRET");
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", APP_NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST }).isProduction).toBe(true);
  });

  it("APP_NODE_ENV wins over NODE_ENV", () => {
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", APP_NODE_ENV: "test" }).NODE_ENV).toBe("test");
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "development", APP_NODE_ENV: "test" }).NODE_ENV).toBe("test");
  });

  it("a bad APP_NODE_ENV is reported as NODE_ENV", () => {
    expect(envError({ NODE_ENV: "production", APP_NODE_ENV: "staging" }).message).toContain("NODE_ENV:");
  });

  it("without APP_NODE_ENV, NODE_ENV is read as usual", () => {
    expect(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }).NODE_ENV).toBe("test");
  });
});

// Security findings 6 and 8: a public deployment never runs on demo accounts, a generated secret, the dev
// outbox or the demo payment provider by accident.
describe.runIf(runsOnce)("production and public addresses refuse unsafe configuration", () => {
  const PRODUCTION = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://naija.example",
    AUTH_SECRET: SECRET,
    SMTP_URL: "smtps://user:pass@mail.example:465",
    PAYMENT_PROVIDER: "demo",
    SMS_PROVIDER: "termii",
    TERMII_API_KEY: "TLtestkey0123456789abcdef",
    TERMII_SENDER_ID: "NaijaDir",
  };

  it("a complete production configuration starts", () => {
    const env = parseEnv({ DATA_DIR: dataDir, ...PRODUCTION });
    expect(env).toMatchObject({ isProduction: true, isLocal: false, demoData: false, devTools: false, PAYMENT_PROVIDER: "demo" });
  });

  it.each([
    ["PUBLIC_URL", { PUBLIC_URL: undefined }, "PUBLIC_URL: required"],
    ["PUBLIC_URL", { PUBLIC_URL: "http://naija.example" }, "PUBLIC_URL: must be an https:// address"],
    ["AUTH_SECRET", { AUTH_SECRET: undefined }, "AUTH_SECRET: required"],
    ["SMTP_URL", { SMTP_URL: undefined }, "SMTP_URL: required"],
    ["SMS_PROVIDER", { SMS_PROVIDER: undefined, TERMII_API_KEY: undefined, TERMII_SENDER_ID: undefined }, "SMS_PROVIDER: required"],
    ["PAYMENT_PROVIDER", { PAYMENT_PROVIDER: undefined }, "PAYMENT_PROVIDER: required"],
  ])("production without a safe %s refuses to start, naming it", (_name, change, expected) => {
    const { message } = envError({ ...PRODUCTION, ...change });
    expect(message).toContain(expected);
    expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow();
  });

  it("names every missing production variable at once", () => {
    const { message } = envError({ NODE_ENV: "production" });
    for (const name of ["PUBLIC_URL", "AUTH_SECRET", "SMTP_URL", "PAYMENT_PROVIDER"]) expect(message).toContain(`${name}:`);
  });

  it("a public PUBLIC_URL without NODE_ENV gets no generated secret, no demo data and no dev mailbox", () => {
    const { message } = envError({ PUBLIC_URL: "https://naija.example" });
    expect(message).toContain("AUTH_SECRET: required when PUBLIC_URL is not a loopback address");
    expect(() => statSync(path.join(dataDir, "auth-secret"))).toThrow();
    const env = parseEnv({ DATA_DIR: dataDir, PUBLIC_URL: "https://naija.example", AUTH_SECRET: SECRET });
    expect(env).toMatchObject({ isProduction: false, isLocal: false, demoData: false, devTools: false });
  });

  it.each(["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000", undefined])(
    "a loopback PUBLIC_URL (%s) outside production keeps the local conveniences",
    (publicUrl) => {
      const env = parseEnv({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
      expect(env).toMatchObject({ isLocal: true, demoData: true, devTools: true, PAYMENT_PROVIDER: "demo" });
      expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    },
  );

  it("DEMO_SEED=false and SMTP_URL switch the conveniences off locally", () => {
    expect(parseEnv({ DATA_DIR: dataDir, DEMO_SEED: "false" }).demoData).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:2525" }).devTools).toBe(false);
  });

  it("refuses an unknown payment provider", () => {
    expect(envError({ PAYMENT_PROVIDER: "free-money" }).message).toContain("PAYMENT_PROVIDER:");
  });
});

describe.runIf(runsOnce)("object storage settings (S3_*, MEDIA_CDN_URL)", () => {
  const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST };
  const S3 = { S3_BUCKET: "naija-files", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example" };

  it("defaults to the disk store; S3_BUCKET alone is enough (the SDK's default credentials)", () => {
    const plain = parseEnv({ DATA_DIR: dataDir });
    expect(plain.S3_BUCKET).toBeUndefined();
    expect(plain).toMatchObject({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false, S3_PREFIX: "" });
    const bucketOnly = parseEnv({ DATA_DIR: dataDir, S3_BUCKET: "naija-files" });
    expect([bucketOnly.S3_BUCKET, bucketOnly.S3_ACCESS_KEY_ID]).toEqual(["naija-files", undefined]);
  });

  it("parses a full S3-compatible configuration: prefix gets its slash, CDN is kept as an origin", () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      ...S3,
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_REGION: "auto",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "prod",
      MEDIA_CDN_URL: "https://cdn.naija.example/",
    });
    expect(env).toMatchObject({ S3_REGION: "auto", S3_FORCE_PATH_STYLE: true, S3_PREFIX: "prod/", MEDIA_CDN_URL: "https://cdn.naija.example" });
  });

  it.each([
    [{ S3_BUCKET: "naija-files", S3_ACCESS_KEY_ID: "AKIA" }, "S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID"],
    [{ S3_BUCKET: "naija-files", S3_SECRET_ACCESS_KEY: "s" }, "S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY"],
    [{ S3_BUCKET: "x" }, "S3_BUCKET: must be a bucket name"],
    [{ S3_BUCKET: "naija-files", S3_ENDPOINT: "ftp://files.example" }, "S3_ENDPOINT: must be an http:// or https:// URL"],
    [{ S3_BUCKET: "naija-files", S3_ENDPOINT: "not a url" }, "S3_ENDPOINT: must be an http:// or https:// URL"],
    [{ S3_BUCKET: "naija-files", S3_PREFIX: "../up" }, "S3_PREFIX:"],
    [{ S3_BUCKET: "naija-files", S3_PREFIX: "/abs" }, "S3_PREFIX:"],
    [{ S3_BUCKET: "naija-files", S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE: must be true or false"],
    [{ S3_ENDPOINT: "https://s3.example" }, "S3_ENDPOINT: set without S3_BUCKET"],
    [{ MEDIA_CDN_URL: "https://cdn.example/media" }, "MEDIA_CDN_URL: must be an origin only"],
    [{ MEDIA_CDN_URL: "cdn.example" }, "MEDIA_CDN_URL: must be an http:// or https:// origin"],
  ])("refuses %j, naming the variable", (source, expected) => {
    expect(envError(source).message).toContain(expected);
  });

  it("production reaches the bucket over TLS unless it is on this machine or a private network", () => {
    expect(envError({ ...PRODUCTION, ...S3, S3_ENDPOINT: "http://s3.example.com" }).message).toContain("S3_ENDPOINT: must be an https:// address when NODE_ENV is production");
    for (const endpoint of ["https://s3.example.com", "http://127.0.0.1:9000", "http://10.0.0.5:9000", "http://192.168.1.20:9000", "http://172.20.0.3:9000", "http://[fd00::5]:9000"]) {
      expect(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, ...S3, S3_ENDPOINT: endpoint }).S3_ENDPOINT).toBe(endpoint);
    }
    expect(envError({ ...PRODUCTION, ...S3, S3_ENDPOINT: "http://172.32.0.1:9000" }).message).toContain("S3_ENDPOINT:");
    // Outside production a plain-http endpoint is fine (a local MinIO).
    expect(parseEnv({ DATA_DIR: dataDir, ...S3, S3_ENDPOINT: "http://s3.example.com" }).S3_ENDPOINT).toBe("http://s3.example.com");
  });

  it("production wants an https CDN", () => {
    expect(envError({ ...PRODUCTION, MEDIA_CDN_URL: "http://cdn.example" }).message).toContain("MEDIA_CDN_URL: must be an https:// origin");
    expect(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, MEDIA_CDN_URL: "https://cdn.example" }).MEDIA_CDN_URL).toBe("https://cdn.example");
  });

  it("never repeats the secret access key in its complaints", () => {
    const { message } = envError({ S3_BUCKET: "naija-files", S3_SECRET_ACCESS_KEY: "very-secret-value", S3_ENDPOINT: "nope" });
    expect(message).not.toContain("very-secret-value");
  });
});

describe.runIf(runsOnce)("operations: jobs, shutdown, metrics", () => {
  it("defaults: a tick a minute, a 3 s drain, metrics nowhere", () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    expect([env.JOBS_INTERVAL_MS, env.SHUTDOWN_DRAIN_MS, env.METRICS_PORT, env.METRICS_HOST, env.METRICS_TOKEN]).toEqual([60_000, 3000, undefined, "127.0.0.1", undefined]);
  });

  it("refuses a tick under a second, a negative drain and a short token", () => {
    const message = envError({ JOBS_INTERVAL_MS: "500", SHUTDOWN_DRAIN_MS: "-1", METRICS_TOKEN: "short" }).message;
    expect(message).toContain("JOBS_INTERVAL_MS: must be at least 1000");
    expect(message).toContain("SHUTDOWN_DRAIN_MS: must be 0 or more");
    expect(message).toContain("METRICS_TOKEN: must be at least 32 characters");
  });

  it("a metrics listener on a non-loopback address needs METRICS_TOKEN", () => {
    expect(envError({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).message).toContain("METRICS_TOKEN: required when METRICS_HOST is not a loopback address");
    expect(parseEnv({ DATA_DIR: dataDir, METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: SECRET }).METRICS_PORT).toBe(9464);
    expect(parseEnv({ DATA_DIR: dataDir, METRICS_PORT: "9464" }).METRICS_HOST).toBe("127.0.0.1");
  });
});

describe.runIf(runsOnce)("Paystack settings (PAYMENT_PROVIDER=paystack, PAYSTACK_*)", () => {
  const LIVE = `sk_live_${"a1".repeat(20)}`;
  const TEST = `sk_test_${"b2".repeat(20)}`;
  const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST, PAYMENT_PROVIDER: "paystack" };

  it("accepts a test key and a live key the same way outside production; the base URL defaults to unset (api.paystack.co)", () => {
    for (const key of [TEST, LIVE]) {
      const env = parseEnv({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: key });
      expect(env).toMatchObject({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: key });
      expect(env.PAYSTACK_BASE_URL).toBeUndefined();
    }
    expect(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, PAYSTACK_SECRET_KEY: LIVE })).toMatchObject({ PAYMENT_PROVIDER: "paystack", isProduction: true });
  });

  it("refuses paystack without a key, naming the variable", () => {
    expect(envError({ PAYMENT_PROVIDER: "paystack" }).message).toContain("PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER is paystack");
    expect(envError({ ...PRODUCTION }).message).toContain("PAYSTACK_SECRET_KEY: required");
  });

  it("refuses what is not a secret key (a public key, garbage) without repeating it", () => {
    for (const value of ["pk_live_abcdef1234567890", "hunter2-not-a-key", "sk_live_short"]) {
      const { message } = envError({ PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: value });
      expect(message).toContain("PAYSTACK_SECRET_KEY: must be a Paystack secret key");
      expect(message).not.toContain(value);
    }
  });

  it("production refuses a test key, and never repeats it", () => {
    const { message } = envError({ ...PRODUCTION, PAYSTACK_SECRET_KEY: TEST });
    expect(message).toContain("PAYSTACK_SECRET_KEY: a test key (sk_test_…) takes no money");
    expect(message).not.toContain(TEST);
  });

  it("PAYSTACK_BASE_URL is https, or a loopback http:// address outside production (the tests' fake)", () => {
    const base = { PAYMENT_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: TEST };
    expect(parseEnv({ DATA_DIR: dataDir, ...base, PAYSTACK_BASE_URL: "http://127.0.0.1:4010" }).PAYSTACK_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(parseEnv({ DATA_DIR: dataDir, ...base, PAYSTACK_BASE_URL: "https://api.paystack.co" }).PAYSTACK_BASE_URL).toBe("https://api.paystack.co");
    expect(envError({ ...base, PAYSTACK_BASE_URL: "http://api.paystack.example" }).message).toContain("PAYSTACK_BASE_URL: must be an https:// URL");
    expect(envError({ ...PRODUCTION, PAYSTACK_SECRET_KEY: LIVE, PAYSTACK_BASE_URL: "http://127.0.0.1:4010" }).message).toContain("PAYSTACK_BASE_URL:");
    expect(envError({ ...base, PAYSTACK_BASE_URL: "ftp://api.paystack.co" }).message).toContain("PAYSTACK_BASE_URL:");
  });
});

describe.runIf(runsOnce)("SMS settings (SMS_PROVIDER=termii, TERMII_*)", () => {
  const KEY = `TL${"a1b2".repeat(10)}`;
  const TERMII = { SMS_PROVIDER: "termii", TERMII_API_KEY: KEY, TERMII_SENDER_ID: "NaijaDir" };

  it("are unset by default; a whole Termii configuration is taken, with its base URL when given", () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    expect([env.SMS_PROVIDER, env.TERMII_API_KEY, env.TERMII_SENDER_ID, env.TERMII_BASE_URL]).toEqual([undefined, undefined, undefined, undefined]);
    expect(parseEnv({ DATA_DIR: dataDir, ...TERMII })).toMatchObject(TERMII);
    const production = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST, ...TERMII, TERMII_BASE_URL: "https://api.ng.termii.com" });
    expect(production.TERMII_BASE_URL).toBe("https://api.ng.termii.com");
  });

  it("refuses half a configuration, naming what is missing or stray, and never repeats the key", () => {
    const message = envError({ SMS_PROVIDER: "termii" }).message;
    expect(message).toContain("TERMII_API_KEY: required when SMS_PROVIDER is termii");
    expect(message).toContain("TERMII_SENDER_ID: required when SMS_PROVIDER is termii");
    const stray = envError({ TERMII_API_KEY: KEY }).message;
    expect(stray).toContain("TERMII_API_KEY: set without SMS_PROVIDER");
    expect(stray).not.toContain(KEY);
    expect(envError({ SMS_PROVIDER: "twilio" }).message).toContain("SMS_PROVIDER: must be termii");
    const bad = envError({ ...TERMII, TERMII_API_KEY: `${KEY} ;`, TERMII_SENDER_ID: "Naija Directory Nigeria" }).message;
    expect(bad).toContain("TERMII_API_KEY: must be a Termii API key");
    expect(bad).toContain("TERMII_SENDER_ID: must be the sender ID Termii approved for you");
    expect(bad).not.toContain(KEY);
  });

  it("TERMII_BASE_URL is https, or a loopback http:// address outside production (the tests' fake)", () => {
    expect(parseEnv({ DATA_DIR: dataDir, ...TERMII, TERMII_BASE_URL: "http://127.0.0.1:4011" }).TERMII_BASE_URL).toBe("http://127.0.0.1:4011");
    expect(envError({ ...TERMII, TERMII_BASE_URL: "http://termii.example" }).message).toContain("TERMII_BASE_URL: must be an https:// URL");
    expect(envError({ NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST, ...TERMII, TERMII_BASE_URL: "http://127.0.0.1:4011" }).message).toContain("TERMII_BASE_URL:");
  });
});

describe.runIf(runsOnce)("identity provider settings (IDENTITY_PROVIDER=verifyme, VERIFYME_*)", () => {
  const KEY = `vm_live_${"c3d4".repeat(10)}`;
  const VERIFYME = { IDENTITY_PROVIDER: "verifyme", VERIFYME_SECRET_KEY: KEY };
  const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST };

  it("are unset by default, production included (no provider: photo-ID KYC only); a whole VerifyMe configuration is taken", () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    expect([env.IDENTITY_PROVIDER, env.VERIFYME_SECRET_KEY, env.VERIFYME_BASE_URL]).toEqual([undefined, undefined, undefined]);
    expect(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION }).IDENTITY_PROVIDER).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dataDir, ...VERIFYME })).toMatchObject(VERIFYME);
    // A JWT-looking key (letters, digits, '.', '_', '-') is taken as it is.
    const jwtLike = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjEsImVudiI6ImxpdmUifQ.c2lnbmF0dXJlLW9mLXRoZS1rZXk";
    expect(parseEnv({ DATA_DIR: dataDir, ...VERIFYME, VERIFYME_SECRET_KEY: jwtLike }).VERIFYME_SECRET_KEY).toBe(jwtLike);
    const production = parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, ...VERIFYME, VERIFYME_BASE_URL: "https://vapi.verifyme.ng" });
    expect(production).toMatchObject({ ...VERIFYME, VERIFYME_BASE_URL: "https://vapi.verifyme.ng" });
  });

  it.each([
    ["development", {}],
    ["production", PRODUCTION],
  ])("refuses half a configuration in %s, naming what is missing or stray, and never repeats the key", (_name, base) => {
    expect(envError({ ...base, IDENTITY_PROVIDER: "verifyme" }).message).toContain("VERIFYME_SECRET_KEY: required when IDENTITY_PROVIDER is verifyme");
    const stray = envError({ ...base, VERIFYME_SECRET_KEY: KEY, VERIFYME_BASE_URL: "https://vapi.verifyme.ng" }).message;
    expect(stray).toContain("VERIFYME_SECRET_KEY: set without IDENTITY_PROVIDER");
    expect(stray).toContain("VERIFYME_BASE_URL: set without IDENTITY_PROVIDER");
    expect(stray).not.toContain(KEY);
  });

  it("refuses another provider's name and a key with spaces or too short, never repeating it", () => {
    expect(envError({ IDENTITY_PROVIDER: "smileid" }).message).toContain("IDENTITY_PROVIDER: must be verifyme");
    for (const bad of [`${KEY} ;`, "Bearer abcdefghijklmnopqrstuvwxyz", "short-key"]) {
      const { message } = envError({ ...VERIFYME, VERIFYME_SECRET_KEY: bad });
      expect(message).toContain("VERIFYME_SECRET_KEY: must be a VerifyMe secret key");
      expect(message).not.toContain(bad);
    }
  });

  it("VERIFYME_BASE_URL is https, or a loopback http:// address outside production (the tests' fake)", () => {
    expect(parseEnv({ DATA_DIR: dataDir, ...VERIFYME, VERIFYME_BASE_URL: "http://127.0.0.1:4013" }).VERIFYME_BASE_URL).toBe("http://127.0.0.1:4013");
    expect(envError({ ...VERIFYME, VERIFYME_BASE_URL: "http://vapi.verifyme.example" }).message).toContain("VERIFYME_BASE_URL: must be an https:// URL");
    expect(envError({ ...PRODUCTION, ...VERIFYME, VERIFYME_BASE_URL: "http://127.0.0.1:4013" }).message).toContain("VERIFYME_BASE_URL: must be an https:// URL");
    expect(envError({ ...VERIFYME, VERIFYME_BASE_URL: "ftp://vapi.verifyme.ng" }).message).toContain("VERIFYME_BASE_URL:");
  });
});

describe.runIf(runsOnce)("WhatsApp settings (WHATSAPP_*)", () => {
  const WHATSAPP = {
    WHATSAPP_ACCESS_TOKEN: `EAAG${"x9".repeat(30)}`,
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_APP_SECRET: "c0ffee".repeat(6),
    WHATSAPP_VERIFY_TOKEN: "a-long-random-verify-token",
  };

  it("takes all four together, or none", () => {
    expect(parseEnv({ DATA_DIR: dataDir, ...WHATSAPP })).toMatchObject(WHATSAPP);
    expect(parseEnv({ DATA_DIR: dataDir }).WHATSAPP_ACCESS_TOKEN).toBeUndefined();
  });

  it("refuses half a configuration, naming each missing setting and repeating no secret", () => {
    const message = envError({ WHATSAPP_ACCESS_TOKEN: WHATSAPP.WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.WHATSAPP_PHONE_NUMBER_ID }).message;
    expect(message).toContain("WHATSAPP_APP_SECRET: required with WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID");
    expect(message).toContain("WHATSAPP_VERIFY_TOKEN: required with");
    expect(message).not.toContain("WHATSAPP_ACCESS_TOKEN: required");
    expect(message).not.toContain(WHATSAPP.WHATSAPP_ACCESS_TOKEN);
    expect(envError({ ...WHATSAPP, WHATSAPP_VERIFY_TOKEN: "short" }).message).toContain("WHATSAPP_VERIFY_TOKEN: must be at least 16 characters");
    expect(envError({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: "+2348031234567" }).message).toContain("WHATSAPP_PHONE_NUMBER_ID: must be the numeric phone number ID");
  });

  it("WHATSAPP_GRAPH_URL is https, or a loopback http:// address outside production, and only with the rest", () => {
    expect(parseEnv({ DATA_DIR: dataDir, ...WHATSAPP, WHATSAPP_GRAPH_URL: "http://127.0.0.1:4012/v21.0" }).WHATSAPP_GRAPH_URL).toBe("http://127.0.0.1:4012/v21.0");
    expect(envError({ ...WHATSAPP, WHATSAPP_GRAPH_URL: "http://graph.example/v21.0" }).message).toContain("WHATSAPP_GRAPH_URL: must be an https:// URL");
    expect(envError({ WHATSAPP_GRAPH_URL: "https://graph.facebook.com/v21.0" }).message).toContain("WHATSAPP_GRAPH_URL: set without the WhatsApp settings");
  });
});

describe.runIf(runsOnce)("receipt seller details (RECEIPT_SELLER_*)", () => {
  const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, ...PRODUCTION_REST };
  const SELLER = {
    RECEIPT_SELLER_NAME: "Naija Directory Ltd",
    RECEIPT_SELLER_ADDRESS: "12 Awolowo Road, Ikoyi, Lagos",
    RECEIPT_SELLER_RC: "RC 1234567",
  };

  it("are unset by default (receipts then name the site); production names the missing essentials, elsewhere nothing", () => {
    const env = parseEnv({ DATA_DIR: dataDir });
    for (const name of ["NAME", "ADDRESS", "RC", "TIN", "EMAIL", "PHONE"] as const) expect(env[`RECEIPT_SELLER_${name}`]).toBeUndefined();
    expect(receiptSellerGaps(env)).toEqual([]);
    // Production starts without them (the cluster and end-to-end servers do), and the start-up log names them.
    const production = parseEnv({ DATA_DIR: dataDir, ...PRODUCTION });
    expect(receiptSellerGaps(production)).toEqual(["RECEIPT_SELLER_NAME", "RECEIPT_SELLER_ADDRESS", "RECEIPT_SELLER_RC"]);
    expect(receiptSellerGaps(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, RECEIPT_SELLER_ADDRESS: SELLER.RECEIPT_SELLER_ADDRESS }))).toEqual([
      "RECEIPT_SELLER_NAME",
      "RECEIPT_SELLER_RC",
    ]);
    expect(receiptSellerGaps(parseEnv({ DATA_DIR: dataDir, ...PRODUCTION, ...SELLER }))).toEqual([]);
  });

  it("reads every detail, trimmed, as one line of plain text (HTML-looking text is kept as text)", () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      RECEIPT_SELLER_NAME: "  Ade & Sons <Nigeria> Ltd ",
      RECEIPT_SELLER_ADDRESS: "Plot 5, Block B, Admiralty Way, Lekki Phase 1, Lagos 106104\n",
      RECEIPT_SELLER_RC: "BN 3456789",
      RECEIPT_SELLER_TIN: "12345678-0001",
      RECEIPT_SELLER_EMAIL: "accounts@naija.example",
      RECEIPT_SELLER_PHONE: "+234 (0)801 234 5678",
    });
    expect(env).toMatchObject({
      RECEIPT_SELLER_NAME: "Ade & Sons <Nigeria> Ltd",
      RECEIPT_SELLER_ADDRESS: "Plot 5, Block B, Admiralty Way, Lekki Phase 1, Lagos 106104",
      RECEIPT_SELLER_RC: "BN 3456789",
      RECEIPT_SELLER_TIN: "12345678-0001",
      RECEIPT_SELLER_EMAIL: "accounts@naija.example",
      RECEIPT_SELLER_PHONE: "+234 (0)801 234 5678",
    });
    expect(parseEnv({ DATA_DIR: dataDir, RECEIPT_SELLER_RC: "RC1234567", RECEIPT_SELLER_TIN: "2345678901" })).toMatchObject({ RECEIPT_SELLER_RC: "RC1234567", RECEIPT_SELLER_TIN: "2345678901" });
    // Empty is unset, as for every variable.
    expect(parseEnv({ DATA_DIR: dataDir, RECEIPT_SELLER_ADDRESS: "" }).RECEIPT_SELLER_ADDRESS).toBeUndefined();
  });

  it.each([
    ["RECEIPT_SELLER_NAME", "x".repeat(121), "must be at most 120 characters"],
    ["RECEIPT_SELLER_NAME", "   ", "must not be blank"],
    ["RECEIPT_SELLER_NAME", "Naija\u0007Directory", "must be one line of plain text, without control characters"],
    ["RECEIPT_SELLER_NAME", "Naija \u202eLtd", "must be one line of plain text, without control characters"],
    ["RECEIPT_SELLER_ADDRESS", "12 Awolowo Road,\nIkoyi", "must be one line of plain text, without control characters"],
    ["RECEIPT_SELLER_ADDRESS", "a".repeat(301), "must be at most 300 characters"],
    ["RECEIPT_SELLER_RC", "RC 1234567; DROP", "must be a CAC registration number"],
    ["RECEIPT_SELLER_RC", "R".repeat(31), "must be at most 30 characters"],
    ["RECEIPT_SELLER_TIN", "TIN-12345678", "must be a Tax Identification Number"],
    ["RECEIPT_SELLER_TIN", "1234", "must be a Tax Identification Number"],
    ["RECEIPT_SELLER_EMAIL", "accounts", "must be an e-mail address"],
    ["RECEIPT_SELLER_PHONE", "call us", "must be a phone number"],
    ["RECEIPT_SELLER_PHONE", "+234", "must be a phone number"],
  ])("%s=%j is refused, naming the variable", (name, value, expected) => {
    expect(envError({ [name]: value }).message).toContain(`${name}: ${expected}`);
  });
});
