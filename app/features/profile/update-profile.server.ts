import { eq } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { fieldErrors } from "../../lib/field-errors";
import type { SessionUser } from "../accounts/session-user";
import { PROFILE_TEXTS } from "./profile-display";
import { UpdateProfileSchema } from "./profile.schemas";

/**
 * A signed-in user changes their own name, country and state (never their role or anyone else's). Every
 * field's problem is reported at once.
 */
export async function updateProfile(actor: SessionUser | null, values: unknown): Promise<void> {
  if (!actor) throw new AppError("unauthenticated", PROFILE_TEXTS.signInRequired);
  const parsed = UpdateProfileSchema.safeParse(values);
  if (!parsed.success) throw new AppError("invalid", PROFILE_TEXTS.checkFields, { fields: fieldErrors(parsed.error) });
  const input = parsed.data;
  const now = new Date();
  const row = { firstName: input.firstName, lastName: input.lastName, country: input.country, state: input.state, updatedAt: now };
  await getDb().transaction(async (tx) => {
    const [updated] = await tx.update(profiles).set(row).where(eq(profiles.id, actor.id)).returning({ id: profiles.id });
    // An account made before profiles existed gets one now, with the role it already has.
    if (!updated) await tx.insert(profiles).values({ id: actor.id, role: actor.role, kycStatus: actor.kycStatus, ...row });
    await tx.update(user).set({ name: `${input.firstName} ${input.lastName}`, updatedAt: now }).where(eq(user.id, actor.id));
  });
}
