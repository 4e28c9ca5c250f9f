import { eq } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { SessionUser } from "../accounts/session-user";
import { PROFILE_TEXTS } from "./profile-display";
import type { UpdateProfileInput } from "./profile.schemas";

export type UpdateProfileResult = { ok: true } | { ok: false; failure: { title: string; text: string } };

/** A signed-in user changes their own name, country and state (never their role or anyone else's). */
export async function updateProfile(actor: SessionUser | null, input: UpdateProfileInput): Promise<UpdateProfileResult> {
  if (!actor) return { ok: false, failure: PROFILE_TEXTS.saveFailed };
  const now = new Date();
  const values = { firstName: input.firstName, lastName: input.lastName, country: input.country, state: input.state, updatedAt: now };
  try {
    await getDb().transaction(async (tx) => {
      const [updated] = await tx.update(profiles).set(values).where(eq(profiles.id, actor.id)).returning({ id: profiles.id });
      // An account made before profiles existed gets one now, with the role it already has.
      if (!updated) await tx.insert(profiles).values({ id: actor.id, role: actor.role, kycStatus: actor.kycStatus, ...values });
      await tx.update(user).set({ name: `${input.firstName} ${input.lastName}`, updatedAt: now }).where(eq(user.id, actor.id));
    });
    return { ok: true };
  } catch (error) {
    logger.error({ err: error }, "profile not updated");
    return { ok: false, failure: PROFILE_TEXTS.saveFailed };
  }
}
