/**
 * The identity provider behind the 'identity' and 'business' verification levels: it looks up an owner's virtual NIN
 * (NIMC's record, matched against the name they gave) and a company's CAC registration. VerifyMe is the first
 * (https://docs.verifyme.ng); without one configured (IDENTITY_PROVIDER unset) the photo-ID KYC with an admin's review
 * is the only path to the identity level.
 *
 * VerifyMe's API, as documented:
 *   - every call carries `Authorization: Bearer <secret key>` (the test or live secret from its dashboard), base
 *     https://vapi.verifyme.ng (https://docs.verifyme.ng/introduction/authentication);
 *   - `POST /v1/verifications/identities/virtual-nin/:vNin` with `{firstname, lastname}` (dob, phone and gender are
 *     optional: we send none) (https://docs.verifyme.ng/identity-verifications/match-1). Its answer has the shape of the
 *     NIN lookup's (https://docs.verifyme.ng/identity-verifications/national-identification-number):
 *     `{status: "success", data: {fieldMatches: {firstname | firsname, lastname}, firstname, lastname, middlename,
 *     phone, gender, birthdate, photo (base64)}}`, with a 201 in that page's example: any 2xx is an answer. The vNIN
 *     page's own example starts `data: {id: 1, firstname, lastname, birthdate, …}`: that `id` is the only reference a
 *     lookup carries, and is kept as `reference` when present;
 *   - `POST /v1/verifications/identities/cac` with `{type, rcNumber}`, type one of `limited_company`, `business`,
 *     `incorprated_trustee` (sic: the documented spelling, sent as documented); 200 `{status: "success", data:
 *     {rcNumber (a number in the example), companyName, companyType, registrationDate, …, status: "ACTIVE" |
 *     "INACTIVE"}}`, 400 naming the field it refuses, 404 'Company with provided CAC details not found'
 *     (https://docs.verifyme.ng/identity-verifications/corporate-affairs-commission). That answer carries no id, and the
 *     docs name no request-id header, so a company lookup's `reference` is null;
 *   - errors: 401 not authenticated, 400 missing or bad fields, 404 no such identity, 422 'your wallet balance is
 *     insufficient', 503 the service is unavailable (https://docs.verifyme.ng/error-status-codes). 429 is not
 *     documented; read as rate limiting all the same.
 *
 * What we keep: names, whether they matched, the company's register entry and the provider's reference. Never the
 * photo, phone number or birth date the vNIN lookup also returns (dropped as soon as the answer is read, never logged),
 * nor the full vNIN (not in any error either). A person is waiting on each call: one try within 15 s, no retry; the
 * caller says 'try again later' on IdentityProviderUnavailable.
 */
import { getEnv, type Env } from "../../../lib/env.server";

export type PersonLookup =
  | {
      outcome: "found";
      /** The provider's id for this lookup (VerifyMe's `data.id`), or null when it gave none. */
      reference: string | null;
      firstName: string;
      middleName: string | null;
      lastName: string;
      /** Whether the names we sent match the record's (the provider's matching; ours, case-insensitive, when it says nothing). */
      fieldMatches: { firstName: boolean; lastName: boolean };
    }
  | { outcome: "not-found"; reference: string | null };

export type CompanyType = "limited_company" | "business" | "incorporated_trustee";

export type CompanyLookup =
  | {
      outcome: "found";
      reference: string | null;
      /** The registration number as the register answers it (digits, no RC/BN/IT prefix). */
      rcNumber: string;
      registeredName: string;
      /** The register's own wording ('PRIVATE_COMPANY_LIMITED_BY_SHARES'), or the type we asked for when it gives none. */
      companyType: string;
      /** The date of registration (YYYY-MM-DD), or null when the register gives none we can read. */
      registeredOn: string | null;
      /** The register's status is ACTIVE. */
      active: boolean;
    }
  | { outcome: "not-found"; reference: string | null };

export interface IdentityProvider {
  readonly name: "verifyme";
  lookUpVirtualNin(input: { vnin: string; firstName: string; lastName: string }): Promise<PersonLookup>;
  lookUpCompany(input: { rcNumber: string; type: CompanyType }): Promise<CompanyLookup>;
}

/**
 * The provider could not answer: timed out, limited our rate (429), failed (5xx, or unreachable), refused our key
 * (401/403; also 422, VerifyMe's 'wallet balance insufficient', and a 400 on the company type we sent: the operator's
 * to fix), or answered something we cannot read. Nothing was checked: the caller says 'try again later'. The message
 * names the provider, the call and the status; never the key, a vNIN or anything the record holds.
 */
export class IdentityProviderUnavailable extends Error {
  constructor(
    readonly kind: "timeout" | "rate-limited" | "down" | "refused" | "unreadable",
    message: string,
  ) {
    super(message);
    this.name = "IdentityProviderUnavailable";
  }
}

export const VERIFYME_DEFAULT_BASE_URL = "https://vapi.verifyme.ng";
/** How long one lookup may take before the person is told to try again later. */
export const IDENTITY_TIMEOUT_MS = 15_000;

/** Our company types as VerifyMe's `type` field spells them (its docs write 'incorprated_trustee'). */
const VERIFYME_COMPANY_TYPES: Record<CompanyType, string> = {
  limited_company: "limited_company",
  business: "business",
  incorporated_trustee: "incorprated_trustee",
};

/** A virtual NIN as sent: spaces and dashes dropped, upper case (NIMC issues 2 letters, 12 digits, 2 letters). */
function cleanVnin(vnin: string): string {
  return vnin.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * A CAC number as VerifyMe takes it (`rcNumber`, 11000011 in its example): digits only. 'RC 1234567', 'rc-1234567',
 * 'BN1234567', 'IT/12345' and '1234567' all send '1234567'; the prefix only says which register, and that is `type`.
 * Leading zeros are dropped (the register answers the number as a JSON number, so they carry nothing). Null when it
 * is not a number at all.
 */
export function cacDigits(rcNumber: string): string | null {
  const match = /^(?:RC|BN|IT)?[\s.:/#-]*(\d[\d\s]{0,14})$/.exec(rcNumber.trim().toUpperCase());
  if (!match) return null;
  const digits = match[1]!.replace(/\s+/g, "").replace(/^0+(?=\d)/, "");
  return digits.length <= 12 ? digits : null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase("en") === b.trim().toLocaleLowerCase("en");

/** An id the provider gave the lookup: a string or a number, kept short. */
function referenceOf(data: Record<string, unknown>): string | null {
  const id = data.id;
  if (typeof id === "number" && Number.isFinite(id)) return String(id);
  if (typeof id === "string" && /^[\w.:-]{1,100}$/.test(id)) return id;
  return null;
}

/** '2017-04-17T13:33:22.770+00:00' → '2017-04-17'; null for anything else. */
function calendarDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(value.trim());
  return match && !Number.isNaN(Date.parse(match[1]!)) ? match[1]! : null;
}

/**
 * The provider's own words about a failure, fit for a log line: short, on one line, and without anything that looks
 * like a vNIN, an 11-digit NIN or a phone number (an error message may echo what was sent).
 */
function saidBy(json: Record<string, unknown>, hide: string | undefined): string {
  const message = Array.isArray(json.message) ? "the request's fields were refused" : json.message;
  if (typeof message !== "string" || message.trim() === "") return "";
  let clean = message.replace(/[\u0000-\u001f\u007f]+/g, " ");
  if (hide) clean = clean.split(hide).join("[vNIN]").split(hide.toLowerCase()).join("[vNIN]");
  clean = clean
    .replace(/[A-Za-z]{2}\d{12}[A-Za-z]{2}/g, "[vNIN]")
    .replace(/\+?\d[\d\s-]{6,}\d/g, "[number]")
    .trim();
  return `: ${clean.slice(0, 160)}`;
}

/** VerifyMe's identity and CAC lookups (see the top of this file). */
export function verifyMeProvider(config: { secretKey: string; baseUrl?: string; timeoutMs?: number }): IdentityProvider {
  const base = (config.baseUrl ?? VERIFYME_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? IDENTITY_TIMEOUT_MS;

  /** One POST; its status and JSON body (an empty object when the body is not JSON). */
  async function post(what: string, path: string, body: Record<string, unknown>): Promise<{ status: number; json: Record<string, unknown> }> {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = (error: unknown) => error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${config.secretKey}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal,
        // A redirect would carry the key elsewhere.
        redirect: "error",
      });
    } catch (error) {
      if (timedOut(error)) throw new IdentityProviderUnavailable("timeout", `VerifyMe did not answer the ${what} within ${timeoutMs} ms`);
      // The network's own code (ECONNREFUSED, ENOTFOUND…), never the request: its URL holds the vNIN.
      const code = (error as { cause?: { code?: unknown } })?.cause?.code;
      throw new IdentityProviderUnavailable("down", `VerifyMe could not be reached for the ${what}${typeof code === "string" ? ` (${code.slice(0, 40)})` : ""}`);
    }
    let json: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(await response.text());
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch (error) {
      // The body did not arrive in time, or is not JSON (a proxy's error page): the status still says what happened.
      if (timedOut(error)) throw new IdentityProviderUnavailable("timeout", `VerifyMe did not finish answering the ${what} within ${timeoutMs} ms`);
    }
    return { status: response.status, json };
  }

  /**
   * The failures every call shares; returns only for a 2xx, 400 or 404 (each call reads those its own way). `hide`:
   * what the provider's message must not repeat (the vNIN).
   */
  function failOn(what: string, answer: { status: number; json: Record<string, unknown> }, hide?: string): void {
    const { status, json } = answer;
    if ((status >= 200 && status < 300) || status === 400 || status === 404) return;
    const said = saidBy(json, hide);
    if (status === 429) throw new IdentityProviderUnavailable("rate-limited", `VerifyMe is limiting the rate (429) of the ${what}${said}`);
    if (status >= 500) throw new IdentityProviderUnavailable("down", `VerifyMe failed (${status}) on the ${what}${said}`);
    if (status === 401 || status === 403) throw new IdentityProviderUnavailable("refused", `VerifyMe refused our key (${status}) on the ${what}: check VERIFYME_SECRET_KEY${said}`);
    if (status === 422) throw new IdentityProviderUnavailable("refused", `VerifyMe refused the ${what} (422: the account's wallet balance is insufficient, by its docs)${said}`);
    throw new IdentityProviderUnavailable("unreadable", `VerifyMe answered the ${what} with an unexpected ${status}${said}`);
  }

  /** A 2xx's `data`, or an 'unreadable' failure. */
  function dataOf(what: string, json: Record<string, unknown>): Record<string, unknown> {
    const data = json.data;
    if ((json.status !== undefined && json.status !== "success") || !data || typeof data !== "object" || Array.isArray(data)) {
      throw new IdentityProviderUnavailable("unreadable", `VerifyMe's answer to the ${what} has no data we can read`);
    }
    return data as Record<string, unknown>;
  }

  return {
    name: "verifyme",

    async lookUpVirtualNin(input) {
      const what = "virtual NIN lookup";
      const vnin = cleanVnin(input.vnin);
      // Nothing that could not be a vNIN goes into the URL's path; the exact format is the provider's to judge (400).
      if (!/^[A-Z0-9]{1,32}$/.test(vnin)) return { outcome: "not-found", reference: null };
      const answer = await post(what, `/v1/verifications/identities/virtual-nin/${encodeURIComponent(vnin)}`, {
        firstname: input.firstName.trim(),
        lastname: input.lastName.trim(),
      });
      failOn(what, answer, vnin);
      // 404: no such vNIN. 400: a malformed one, or one past its 72 hours: for the person, the same answer.
      if (answer.status === 404 || answer.status === 400) return { outcome: "not-found", reference: null };
      const data = dataOf(what, answer.json);
      const firstName = text(data.firstname);
      const lastName = text(data.lastname);
      if (!firstName || !lastName) throw new IdentityProviderUnavailable("unreadable", `VerifyMe's answer to the ${what} has no name we can read`);
      // Only the names and whether they matched are read: the photo, phone number and birth date stay in `data`, which
      // goes out of scope here.
      const matches = data.fieldMatches && typeof data.fieldMatches === "object" ? (data.fieldMatches as Record<string, unknown>) : {};
      const firstMatch = typeof matches.firstname === "boolean" ? matches.firstname : matches.firsname;
      return {
        outcome: "found",
        reference: referenceOf(data),
        firstName,
        middleName: text(data.middlename),
        lastName,
        fieldMatches: {
          firstName: typeof firstMatch === "boolean" ? firstMatch : sameName(firstName, input.firstName),
          lastName: typeof matches.lastname === "boolean" ? matches.lastname : sameName(lastName, input.lastName),
        },
      };
    },

    async lookUpCompany(input) {
      const what = "CAC lookup";
      const rcNumber = cacDigits(input.rcNumber);
      if (!rcNumber) return { outcome: "not-found", reference: null };
      const type = VERIFYME_COMPANY_TYPES[input.type];
      const answer = await post(what, "/v1/verifications/identities/cac", { type, rcNumber });
      failOn(what, answer);
      if (answer.status === 404) return { outcome: "not-found", reference: null };
      if (answer.status === 400) {
        // A refused `type` is ours to fix (the documented spelling may not be the one the API takes), not the owner's.
        const refused = Array.isArray(answer.json.message) ? answer.json.message : [];
        if (refused.some((entry) => entry && typeof entry === "object" && (entry as { property?: unknown }).property === "type")) {
          throw new IdentityProviderUnavailable("refused", `VerifyMe refused the company type '${type}' (400) on the ${what}`);
        }
        // Otherwise the number itself: as the owner sees it, no such registration.
        return { outcome: "not-found", reference: null };
      }
      const data = dataOf(what, answer.json);
      const registeredName = text(data.companyName);
      if (!registeredName) throw new IdentityProviderUnavailable("unreadable", `VerifyMe's answer to the ${what} has no company name`);
      const answeredNumber = typeof data.rcNumber === "number" && Number.isSafeInteger(data.rcNumber) ? String(data.rcNumber) : cacDigits(typeof data.rcNumber === "string" ? data.rcNumber : "");
      return {
        outcome: "found",
        reference: null,
        rcNumber: answeredNumber ?? rcNumber,
        registeredName,
        companyType: text(data.companyType) ?? input.type,
        registeredOn: calendarDate(data.registrationDate),
        active: typeof data.status === "string" && data.status.trim().toUpperCase() === "ACTIVE",
      };
    },
  };
}

/**
 * From the environment (getEnv() in app/lib/env.server.ts): the configured provider, or null when none is set (the
 * photo-ID KYC with admin review is then the only path).
 */
export function configuredIdentityProvider(env: Env = getEnv()): IdentityProvider | null {
  if (env.IDENTITY_PROVIDER === "verifyme" && env.VERIFYME_SECRET_KEY) {
    return verifyMeProvider({ secretKey: env.VERIFYME_SECRET_KEY, baseUrl: env.VERIFYME_BASE_URL });
  }
  return null;
}
