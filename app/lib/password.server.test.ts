import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from "./password.server";
import { runsOnce } from "../../tests/support/database-kind";

describe.runIf(runsOnce)("password hashing", () => {
  it("hashes with argon2id at the configured cost and verifies", async () => {
    const hash = await hashPassword("Demo-Passw0rd!");
    expect(hash).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}\\$`));
    expect(hash).not.toContain("Demo-Passw0rd!");
    expect(await verifyPassword({ hash, password: "Demo-Passw0rd!" })).toBe(true);
    expect(await verifyPassword({ hash, password: "demo-passw0rd!" })).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("answers false instead of throwing for a malformed hash", async () => {
    expect(await verifyPassword({ hash: "not-a-hash", password: "x" })).toBe(false);
    expect(await verifyPassword({ hash: "", password: "" })).toBe(false);
  });
});
