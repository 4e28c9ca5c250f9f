/**
 * A local fake of VerifyMe's identity API for tests: a real HTTP server on 127.0.0.1 (free port) that follows the
 * documented request and response shapes (https://docs.verifyme.ng/introduction/authentication,
 * https://docs.verifyme.ng/identity-verifications/match-1,
 * https://docs.verifyme.ng/identity-verifications/national-identification-number,
 * https://docs.verifyme.ng/identity-verifications/corporate-affairs-commission, https://docs.verifyme.ng/error-status-codes):
 *
 *   Every call: `Authorization: Bearer <secret key>`; another key → 401 {status: "error", code, message}.
 *   POST /v1/verifications/identities/virtual-nin/:vNin  {firstname, lastname} (dob, phone, gender optional)
 *     → 201 {status: "success", data: {id, fieldMatches: {firsname, lastname}, firstname, lastname, middlename, phone,
 *       gender, birthdate, photo (base64)}} — the NIN page's answer (201, and its 'firsname' spelling), with the `id`
 *       the vNIN page's example starts with; the names compared case-insensitively.
 *     → 400 for a vNIN that is not NIMC's 2 letters, 12 digits, 2 letters, or a body without both names;
 *       404 {status: "error", code: "NOT_FOUND_ERROR", message} for one it does not know.
 *   POST /v1/verifications/identities/cac  {type: "limited_company" | "business" | "incorprated_trustee" (sic), rcNumber}
 *     → 200 {status: "success", data: {rcNumber (a number), companyName, companyType, registrationDate, branchAddress,
 *       companyEmail, city, classification, headOfficeAddress, lga, affiliates, shareCapital, shareCapitalInWords,
 *       state, status: "ACTIVE" | "INACTIVE"}}
 *     → 400 {statusCode: 400, error: "Bad Request", message: [{target, value, property, children, constraints}]} for
 *       another type (the documented example) or an rcNumber that is not digits;
 *       404 {statusCode: 404, error: "Not Found", message: "Company with provided CAC details not found"} for a number
 *       it does not know under that type (a registration is looked up in its own register: assumed, not documented).
 *   404 for any other path.
 *
 * Like the real service it can be down (503, documented), slow past the caller's timeout (no answer until released) or
 * limit the rate (429) — for the next N calls or until told otherwise — and it records every call it took or refused.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { answerJson, readJson, serviceBehaviour, type ServiceBehaviour } from "./fake-service";
import type { AddressInfo } from "node:net";

export type VerifyMeCall = { path: string; body: Record<string, unknown>; status: number };
export type VerifyMeBehaviour = ServiceBehaviour;

/** Someone NIMC knows, by the vNIN they generated. */
export type FakePerson = { firstName: string; middleName?: string | null; lastName: string; phone?: string; birthdate?: string; gender?: string };
/** The `type` values VerifyMe documents, spelled as documented. */
export type FakeCompanyType = "limited_company" | "business" | "incorprated_trustee";
/** A registration on CAC's register, by its number (digits). */
export type FakeCompany = {
  companyName: string;
  /** The register's wording; PRIVATE_COMPANY_LIMITED_BY_SHARES unless given. */
  companyType?: string;
  status?: "ACTIVE" | "INACTIVE";
  /** ISO date-time; 2017-04-17T13:33:22.770+00:00 (the docs' example) unless given. */
  registrationDate?: string;
  /** The register it is in (the `type` to ask with); limited_company unless given. */
  type?: FakeCompanyType;
};

export type FakeVerifyMe = {
  baseUrl: string;
  secretKey: string;
  /** Every request, answered or not, in order. */
  calls: VerifyMeCall[];
  /** vNIN (upper case) → the person it belongs to. */
  people: Map<string, FakePerson>;
  /** rcNumber (digits) → the registration. */
  companies: Map<string, FakeCompany>;
  /** The base64 photo sent with every person found: a test can show it is kept nowhere. */
  photo: string;
  /** How the first name's match is spelled in `fieldMatches`: 'firsname' as documented, or 'firstname'. */
  fieldMatchesFirstNameKey: "firsname" | "firstname";
  /** How it answers from now on: "ok", 503 ("down"), no answer ("hang"), 429 ("rate-limited"). */
  behave(behaviour: VerifyMeBehaviour, options?: { times?: number }): void;
  close(): Promise<void>;
};

const VNIN_PATH = /^\/v1\/verifications\/identities\/virtual-nin\/([^/]+)$/;
const CAC_PATH = "/v1/verifications/identities/cac";
const DOCUMENTED_TYPES: readonly string[] = ["limited_company", "business", "incorprated_trustee"];

const same = (a: string, b: unknown) => typeof b === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();

/** A class-validator refusal, as the CAC page's 400 example shows it. */
function validationError(target: Record<string, unknown>, property: string, constraint: string) {
  return { statusCode: 400, error: "Bad Request", message: [{ target, value: target[property], property, children: [], constraints: { matches: constraint } }] };
}

export async function fakeVerifyMe(options: { secretKey?: string } = {}): Promise<FakeVerifyMe> {
  // VerifyMe's keys are issued by its dashboard; the format is not documented (this is only a long random token).
  const secretKey = options.secretKey ?? `vm_test_${randomBytes(24).toString("hex")}`;
  const calls: VerifyMeCall[] = [];
  const behaviour = serviceBehaviour();
  let counter = 0;

  const fake: FakeVerifyMe = {
    baseUrl: "",
    secretKey,
    calls,
    people: new Map(),
    companies: new Map(),
    photo: Buffer.from(`fake NIMC photo ${randomBytes(12).toString("hex")}`).toString("base64"),
    fieldMatchesFirstNameKey: "firsname",
    behave(next, { times } = {}) {
      behaviour.behave(next, times);
    },
    close: async () => undefined,
  };

  const answer = answerJson;

  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = (request.url ?? "").split("?")[0]!;
    const call: VerifyMeCall = { path, body, status: 0 };
    calls.push(call);
    const vninPath = VNIN_PATH.exec(path);
    if (request.method !== "POST" || (!vninPath && path !== CAC_PATH)) {
      return answer(response, 404, { statusCode: 404, error: "Not Found", message: `Cannot ${request.method} ${path}` }, call);
    }

    const now = behaviour.next(response);
    if (now === "down") return answer(response, 503, { status: "error", code: "SERVICE_UNAVAILABLE", message: "Service Unavailable" }, call);
    if (now === "rate-limited") return answer(response, 429, { status: "error", code: "TOO_MANY_REQUESTS", message: "Too Many Requests" }, call);
    if (now === "hang") return;

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return answer(response, 401, { status: "error", code: "AUTHENTICATION_ERROR", message: "Unauthorized" }, call);
    }

    if (vninPath) {
      const vnin = decodeURIComponent(vninPath[1]!);
      const { firstname, lastname } = body;
      if (!/^[A-Z]{2}\d{12}[A-Z]{2}$/.test(vnin)) return answer(response, 400, { status: "error", code: "VALIDATION_ERROR", message: "Invalid vNIN" }, call);
      if (typeof firstname !== "string" || typeof lastname !== "string") {
        return answer(response, 400, { status: "error", code: "VALIDATION_ERROR", message: "firstname and lastname are required" }, call);
      }
      const person = fake.people.get(vnin);
      if (!person) return answer(response, 404, { status: "error", code: "NOT_FOUND_ERROR", message: "vNIN provided is not found. Please provide a valid vNIN" }, call);
      return answer(
        response,
        201,
        {
          status: "success",
          data: {
            id: ++counter,
            fieldMatches: { [fake.fieldMatchesFirstNameKey]: same(person.firstName, firstname), lastname: same(person.lastName, lastname) },
            firstname: person.firstName,
            lastname: person.lastName,
            middlename: person.middleName ?? "",
            phone: person.phone ?? "08066676673",
            gender: person.gender ?? "female",
            birthdate: person.birthdate ?? "04-04-1944",
            photo: fake.photo,
          },
        },
        call,
      );
    }

    const { type, rcNumber } = body;
    if (typeof type !== "string" || !DOCUMENTED_TYPES.includes(type)) {
      return answer(response, 400, validationError(body, "type", "Invalid company type. Refer to documentation for acceptable formats"), call);
    }
    if ((typeof rcNumber !== "string" && typeof rcNumber !== "number") || !/^\d{1,12}$/.test(String(rcNumber))) {
      return answer(response, 400, validationError(body, "rcNumber", "Invalid CAC number"), call);
    }
    const company = fake.companies.get(String(rcNumber));
    if (!company || (company.type ?? "limited_company") !== type) {
      return answer(response, 404, { statusCode: 404, error: "Not Found", message: "Company with provided CAC details not found" }, call);
    }
    return answer(
      response,
      200,
      {
        status: "success",
        data: {
          rcNumber: Number(rcNumber),
          companyName: company.companyName,
          companyType: company.companyType ?? "PRIVATE_COMPANY_LIMITED_BY_SHARES",
          registrationDate: company.registrationDate ?? "2017-04-17T13:33:22.770+00:00",
          branchAddress: "12 Awolowo Road, Ikoyi",
          companyEmail: "info@company.example",
          city: "Ikoyi",
          classification: "Company",
          headOfficeAddress: "12 Awolowo Road, Ikoyi, Lagos",
          lga: "Eti-Osa",
          affiliates: 2,
          shareCapital: "1000000",
          shareCapitalInWords: "ONE MILLION NAIRA ONLY",
          state: "Lagos",
          status: company.status ?? "ACTIVE",
        },
      },
      call,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      behaviour.release();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
