/**
 * The identity provider's client (VerifyMe: virtual NIN and CAC lookups) against a local fake that speaks its
 * documented protocol and can be down, slow or limiting the rate (tests/support/fake-verifyme.ts). Our side of the
 * contract: what we send, how each answer reads, and that the photo, phone number, birth date and full vNIN the
 * lookup returns or carries are kept nowhere (not in the result, not in an error, not in the log).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeVerifyMe, type FakeVerifyMe } from "../../../tests/support/fake-verifyme";
import { runsOnce } from "../../../tests/support/database-kind";
import { getEnv } from "../../lib/env.server";
import { captureLogs } from "../../lib/logger.server";
import {
  cacDigits,
  configuredIdentityProvider,
  IdentityProviderUnavailable,
  verifyMeProvider,
  type IdentityProvider,
} from "./internal/identity-provider.server";

const VNIN = "JZ426633988976CH";
const PHONE = "+2348031234567";
const BIRTHDATE = "17-01-1988";

let fake: FakeVerifyMe;
let provider: IdentityProvider;

beforeAll(async () => {
  fake = await fakeVerifyMe();
  fake.people.set(VNIN, { firstName: "Chiamaka", middleName: "Ngozi", lastName: "Okafor", phone: PHONE, birthdate: BIRTHDATE });
  fake.companies.set("1234567", { companyName: "MAMA PUT KITCHENS LIMITED", status: "ACTIVE", registrationDate: "2017-04-17T13:33:22.770+00:00" });
  fake.companies.set("7654321", { companyName: "OLD HARBOUR VENTURES LIMITED", status: "INACTIVE" });
  fake.companies.set("3456789", { companyName: "ADE & SONS ENTERPRISES", companyType: "BUSINESS_NAME", type: "business" });
  fake.companies.set("45678", { companyName: "THE REDEEMED YOUTH FOUNDATION", companyType: "INCORPORATED_TRUSTEE", type: "incorprated_trustee" });
  provider = verifyMeProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl });
});
afterEach(() => {
  fake.behave("ok");
  fake.fieldMatchesFirstNameKey = "firsname";
});
afterAll(async () => {
  await fake?.close();
});

const lastCall = () => fake.calls.at(-1)!;

/** What must never leave the lookup: the record's photo, phone number and birth date, and the full vNIN. */
function expectNothingPrivate(value: unknown): void {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  for (const secret of [fake.photo, PHONE, PHONE.slice(1), BIRTHDATE, VNIN, VNIN.toLowerCase()]) expect(text).not.toContain(secret);
}

/** The IdentityProviderUnavailable a lookup failed with (fails the test when it answered, or failed otherwise). */
async function unavailable(promise: Promise<unknown>): Promise<IdentityProviderUnavailable> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) {
      expectNothingPrivate(error.message);
      expectNothingPrivate(error.stack ?? "");
      expect(error.message).not.toContain(fake.secretKey);
      return error;
    }
    throw error;
  }
  throw new Error("expected the lookup to fail with IdentityProviderUnavailable, but it answered");
}

describe.runIf(runsOnce)("virtual NIN lookups through VerifyMe", () => {
  it("finds the person: the record's names and whether ours match, the provider's reference, and nothing else", async () => {
    const logs = captureLogs();
    const found = await provider.lookUpVirtualNin({ vnin: " jz4266-33988976ch ", firstName: " CHIAMAKA ", lastName: "okafor" });
    const lines = logs.stop();
    expect(found).toEqual({
      outcome: "found",
      reference: expect.stringMatching(/^\d+$/),
      firstName: "Chiamaka",
      middleName: "Ngozi",
      lastName: "Okafor",
      fieldMatches: { firstName: true, lastName: true },
    });
    // What went: the vNIN trimmed and in capitals in the path, the two names and nothing more (no birth date or phone).
    expect(lastCall()).toEqual({ path: `/v1/verifications/identities/virtual-nin/${VNIN}`, body: { firstname: "CHIAMAKA", lastname: "okafor" }, status: 201 });
    expectNothingPrivate(found);
    expectNothingPrivate(lines.join("\n"));
  });

  it("reports a name that does not match the record (either spelling of fieldMatches' first name)", async () => {
    const mismatch = await provider.lookUpVirtualNin({ vnin: VNIN, firstName: "Amaka", lastName: "Okafor" });
    expect(mismatch).toMatchObject({ outcome: "found", firstName: "Chiamaka", lastName: "Okafor", fieldMatches: { firstName: false, lastName: true } });
    fake.fieldMatchesFirstNameKey = "firstname";
    const spelled = await provider.lookUpVirtualNin({ vnin: VNIN, firstName: "Chiamaka", lastName: "Eze" });
    expect(spelled).toMatchObject({ outcome: "found", fieldMatches: { firstName: true, lastName: false } });
    expectNothingPrivate([mismatch, spelled]);
  });

  it("a vNIN nobody has is 'not-found' (404), not an error", async () => {
    expect(await provider.lookUpVirtualNin({ vnin: "AB123456789012CD", firstName: "Chiamaka", lastName: "Okafor" })).toEqual({ outcome: "not-found", reference: null });
    expect(lastCall().status).toBe(404);
  });

  it("a malformed or expired vNIN is 'not-found' too (VerifyMe's 400); what cannot be a vNIN is never sent", async () => {
    expect(await provider.lookUpVirtualNin({ vnin: "JZ4266339889", firstName: "Chiamaka", lastName: "Okafor" })).toEqual({ outcome: "not-found", reference: null });
    expect(lastCall()).toMatchObject({ path: "/v1/verifications/identities/virtual-nin/JZ4266339889", status: 400 });
    const before = fake.calls.length;
    for (const vnin of ["", "../cac", "JZ42663398897 6CH?x=1", "JZ426633988976CH/../../cac"]) {
      expect(await provider.lookUpVirtualNin({ vnin, firstName: "Chiamaka", lastName: "Okafor" })).toEqual({ outcome: "not-found", reference: null });
    }
    expect(fake.calls.length).toBe(before);
  });
});

describe.runIf(runsOnce)("CAC lookups through VerifyMe", () => {
  it("finds an active company: its name, type and date on the register; 'RC 1234567' is sent as '1234567'", async () => {
    const found = await provider.lookUpCompany({ rcNumber: "RC 1234567", type: "limited_company" });
    expect(found).toEqual({
      outcome: "found",
      reference: null,
      rcNumber: "1234567",
      registeredName: "MAMA PUT KITCHENS LIMITED",
      companyType: "PRIVATE_COMPANY_LIMITED_BY_SHARES",
      registeredOn: "2017-04-17",
      active: true,
    });
    expect(lastCall()).toEqual({ path: "/v1/verifications/identities/cac", body: { type: "limited_company", rcNumber: "1234567" }, status: 200 });
  });

  it("reads an inactive registration as found but not active", async () => {
    expect(await provider.lookUpCompany({ rcNumber: "7654321", type: "limited_company" })).toMatchObject({
      outcome: "found",
      rcNumber: "7654321",
      registeredName: "OLD HARBOUR VENTURES LIMITED",
      active: false,
    });
  });

  it("asks each register with its documented type: a business name, an incorporated trustee ('incorprated_trustee')", async () => {
    expect(await provider.lookUpCompany({ rcNumber: "BN 3456789", type: "business" })).toMatchObject({ outcome: "found", registeredName: "ADE & SONS ENTERPRISES", companyType: "BUSINESS_NAME" });
    expect(lastCall().body).toEqual({ type: "business", rcNumber: "3456789" });
    expect(await provider.lookUpCompany({ rcNumber: "IT-45678", type: "incorporated_trustee" })).toMatchObject({ outcome: "found", registeredName: "THE REDEEMED YOUTH FOUNDATION" });
    expect(lastCall().body).toEqual({ type: "incorprated_trustee", rcNumber: "45678" });
  });

  it("an unknown number, or one in another register, is 'not-found' (404); what is not a number is never sent", async () => {
    expect(await provider.lookUpCompany({ rcNumber: "RC 9999999", type: "limited_company" })).toEqual({ outcome: "not-found", reference: null });
    expect(lastCall().status).toBe(404);
    expect(await provider.lookUpCompany({ rcNumber: "3456789", type: "limited_company" })).toEqual({ outcome: "not-found", reference: null });
    const before = fake.calls.length;
    for (const rcNumber of ["", "RC", "RC ABC123", "12345678901234", "1234567; DROP"]) {
      expect(await provider.lookUpCompany({ rcNumber, type: "limited_company" })).toEqual({ outcome: "not-found", reference: null });
    }
    expect(fake.calls.length).toBe(before);
  });

  it("sends the digits only, whatever prefix or spacing the owner typed", () => {
    expect(["RC 1234567", "rc-1234567", "RC1234567", "RC/1234567", " 1234567 ", "BN 1234567", "IT: 1234567", "RC 0001234567", "1 234 567"].map(cacDigits)).toEqual(
      Array(9).fill("1234567"),
    );
    expect(["", "RC", "AB 1234567", "1234567X", "RC 12-34"].map(cacDigits)).toEqual([null, null, null, null, null]);
  });
});

describe.runIf(runsOnce)("when VerifyMe cannot answer", () => {
  const lookUp = (p: IdentityProvider = provider) => p.lookUpVirtualNin({ vnin: VNIN, firstName: "Chiamaka", lastName: "Okafor" });

  it("no answer within the timeout is 'timeout', after one try", async () => {
    const quick = verifyMeProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, timeoutMs: 300 });
    fake.behave("hang");
    const before = fake.calls.length;
    const started = Date.now();
    const error = await unavailable(lookUp(quick));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.calls.length).toBe(before + 1);
    expect((await unavailable(quick.lookUpCompany({ rcNumber: "1234567", type: "limited_company" }))).kind).toBe("timeout");
  });

  it("429 is 'rate-limited', 503 is 'down', each after one try", async () => {
    fake.behave("rate-limited");
    const before = fake.calls.length;
    const limited = await unavailable(lookUp());
    expect(limited.kind).toBe("rate-limited");
    expect(limited.message).toContain("429");
    fake.behave("down");
    const down = await unavailable(lookUp());
    expect(down.kind).toBe("down");
    expect(down.message).toContain("503");
    expect((await unavailable(provider.lookUpCompany({ rcNumber: "1234567", type: "limited_company" }))).kind).toBe("down");
    expect(fake.calls.length).toBe(before + 3);
  });

  it("a refused key (401) is 'refused', naming the setting and never the key", async () => {
    const wrongKey = `vm_test_${"f".repeat(48)}`;
    const error = await unavailable(lookUp(verifyMeProvider({ secretKey: wrongKey, baseUrl: fake.baseUrl })));
    expect(error.kind).toBe("refused");
    expect(error.message).toContain("VERIFYME_SECRET_KEY");
    expect(error.message).not.toContain(wrongKey);
    expect(lastCall().status).toBe(401);
  });

  it("an address nobody answers at is 'down'", async () => {
    const nowhere = verifyMeProvider({ secretKey: fake.secretKey, baseUrl: "http://127.0.0.1:1" });
    expect((await unavailable(lookUp(nowhere))).kind).toBe("down");
  });
});

describe.runIf(runsOnce)("the configured identity provider", () => {
  it("is none without IDENTITY_PROVIDER, VerifyMe with it", async () => {
    expect(configuredIdentityProvider()).toBeNull();
    const env = { ...getEnv(), IDENTITY_PROVIDER: "verifyme" as const, VERIFYME_SECRET_KEY: fake.secretKey, VERIFYME_BASE_URL: fake.baseUrl };
    const configured = configuredIdentityProvider(env);
    expect(configured?.name).toBe("verifyme");
    expect(await configured!.lookUpCompany({ rcNumber: "RC 1234567", type: "limited_company" })).toMatchObject({ outcome: "found", active: true });
    expect(configuredIdentityProvider({ ...env, IDENTITY_PROVIDER: undefined })).toBeNull();
  });
});
