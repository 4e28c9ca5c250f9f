import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user } from "../../../db/schema";
import { createOwner, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { PROFILE_TEXTS } from "./profile-display";
import { PROFILE_FIELD_TEXTS, UpdateProfileSchema, signupStateLabel } from "./profile.schemas";
import { updateProfile } from "./update-profile.server";

const valid = { firstName: " Ngozi ", lastName: "Eze", country: "Ghana", state: "FCT - Abuja" };

describe("changing one's profile", () => {
  it("changes name, country and state, and the session user shows them", async () => {
    const created = await createVisitor(getDb(), { firstName: "Old", lastName: "Name", country: "Nigeria", state: "Lagos" });
    await expect(updateProfile(await actorFor(created), valid)).resolves.toBeUndefined();
    const me = await actorFor(created);
    expect(me).toMatchObject({ firstName: "Ngozi", lastName: "Eze", country: "Ghana", state: "FCT - Abuja", role: "visitor" });
    const [account] = await getDb().select({ name: user.name }).from(user).where(eq(user.id, created.id));
    expect(account!.name).toBe("Ngozi Eze");
  });

  it("never changes the role or KYC status, whatever the form carries", async () => {
    const created = await createOwner(getDb());
    const form = { ...valid, role: "admin", kycStatus: "approved", id: "someone-else" };
    const parsed = UpdateProfileSchema.parse(form);
    expect(parsed).not.toHaveProperty("role");
    expect(parsed).not.toHaveProperty("id");
    // The use case parses what the form carries itself.
    await updateProfile(await actorFor(created), form);
    const [row] = await getDb().select({ role: profiles.role, kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, created.id));
    expect(row).toEqual({ role: "business", kyc: "approved" });
  });

  it("changes only the actor's own profile", async () => {
    const me = await createVisitor(getDb());
    const other = await createVisitor(getDb(), { firstName: "Untouched" });
    await updateProfile(await actorFor(me), valid);
    const [row] = await getDb().select({ first: profiles.firstName }).from(profiles).where(eq(profiles.id, other.id));
    expect(row!.first).toBe("Untouched");
    expect(await refusal(updateProfile(null, valid))).toMatchObject({ code: "unauthenticated", message: PROFILE_TEXTS.signInRequired });
    const [after] = await getDb().select({ first: profiles.firstName }).from(profiles).where(eq(profiles.id, other.id));
    expect(after!.first).toBe("Untouched");
  });

  it("creates the profile row for an account that has none", async () => {
    const created = await createUser(getDb(), { role: "visitor", withProfile: false });
    await expect(updateProfile(await actorFor(created), valid)).resolves.toBeUndefined();
    const [row] = await getDb().select().from(profiles).where(eq(profiles.id, created.id));
    expect(row).toMatchObject({ firstName: "Ngozi", role: "visitor", country: "Ghana" });
  });

  it("checks the fields with clear messages", async () => {
    const bad = { firstName: " ", lastName: "", country: "Atlantis", state: "Nowhere" };
    const result = UpdateProfileSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [String(i.path[0]), i.message]));
    const expected = {
      firstName: PROFILE_FIELD_TEXTS.firstNameRequired,
      lastName: PROFILE_FIELD_TEXTS.lastNameRequired,
      country: PROFILE_FIELD_TEXTS.countryRequired,
      state: PROFILE_FIELD_TEXTS.stateRequired,
    };
    expect(messages).toEqual(expected);
    // The use case refuses the same form with every field's message, changing nothing.
    const created = await createVisitor(getDb(), { firstName: "Kept" });
    const refused = await refusal(updateProfile(await actorFor(created), bad));
    expect(refused).toMatchObject({ code: "invalid", title: PROFILE_TEXTS.checkFields.title, message: PROFILE_TEXTS.checkFields.text, fields: expected });
    const [row] = await getDb().select({ first: profiles.firstName }).from(profiles).where(eq(profiles.id, created.id));
    expect(row!.first).toBe("Kept");
    expect(signupStateLabel("FCT")).toBe("FCT - Abuja");
    expect(signupStateLabel("Kano")).toBe("Kano");
    expect(signupStateLabel("Somewhere")).toBe("");
  });
});
