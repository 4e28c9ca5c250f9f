import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "../../../db/schema";
import { createOwner, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "../../lib/db.server";
import { PROFILE_TEXTS } from "./profile-display";
import { PROFILE_FIELD_TEXTS, UpdateProfileSchema, signupStateLabel } from "./profile.schemas";
import { updateProfile } from "./update-profile.server";

const valid = { firstName: " Ngozi ", lastName: "Eze", country: "Ghana", state: "FCT - Abuja" };

describe("changing one's profile", () => {
  it("changes name, country and state, and the session user shows them", async () => {
    const created = await createVisitor(getDb(), { firstName: "Old", lastName: "Name", country: "Nigeria", state: "Lagos" });
    const parsed = UpdateProfileSchema.parse(valid);
    expect(await updateProfile(await actorFor(created), parsed)).toEqual({ ok: true });
    const me = await actorFor(created);
    expect(me).toMatchObject({ firstName: "Ngozi", lastName: "Eze", country: "Ghana", state: "FCT - Abuja", role: "visitor" });
    const [account] = await getDb().select({ name: user.name }).from(user).where(eq(user.id, created.id));
    expect(account!.name).toBe("Ngozi Eze");
  });

  it("never changes the role or KYC status, whatever the form carries", async () => {
    const created = await createOwner(getDb());
    const parsed = UpdateProfileSchema.parse({ ...valid, role: "admin", kycStatus: "approved", id: "someone-else" });
    expect(parsed).not.toHaveProperty("role");
    expect(parsed).not.toHaveProperty("id");
    await updateProfile(await actorFor(created), parsed);
    const [row] = await getDb().select({ role: profiles.role, kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, created.id));
    expect(row).toEqual({ role: "business", kyc: "approved" });
  });

  it("changes only the actor's own profile", async () => {
    const me = await createVisitor(getDb());
    const other = await createVisitor(getDb(), { firstName: "Untouched" });
    await updateProfile(await actorFor(me), UpdateProfileSchema.parse(valid));
    const [row] = await getDb().select({ first: profiles.firstName }).from(profiles).where(eq(profiles.id, other.id));
    expect(row!.first).toBe("Untouched");
    expect(await updateProfile(null, UpdateProfileSchema.parse(valid))).toEqual({ ok: false, failure: PROFILE_TEXTS.saveFailed });
  });

  it("creates the profile row for an account that has none", async () => {
    const created = await createUser(getDb(), { role: "visitor", withProfile: false });
    expect(await updateProfile(await actorFor(created), UpdateProfileSchema.parse(valid))).toEqual({ ok: true });
    const [row] = await getDb().select().from(profiles).where(eq(profiles.id, created.id));
    expect(row).toMatchObject({ firstName: "Ngozi", role: "visitor", country: "Ghana" });
  });

  it("checks the fields with clear messages", () => {
    const result = UpdateProfileSchema.safeParse({ firstName: " ", lastName: "", country: "Atlantis", state: "Nowhere" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      firstName: PROFILE_FIELD_TEXTS.firstNameRequired,
      lastName: PROFILE_FIELD_TEXTS.lastNameRequired,
      country: PROFILE_FIELD_TEXTS.countryRequired,
      state: PROFILE_FIELD_TEXTS.stateRequired,
    });
    expect(signupStateLabel("FCT")).toBe("FCT - Abuja");
    expect(signupStateLabel("Kano")).toBe("Kano");
    expect(signupStateLabel("Somewhere")).toBe("");
  });
});
