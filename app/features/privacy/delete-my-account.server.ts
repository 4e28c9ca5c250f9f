import { and, eq, inArray, or, sql } from "drizzle-orm";
import {
  account, admins, conversationBlocks, conversationStates, feedback, listingClaims, listingVerifications, phoneCodes, kycSubmissions, notifications, profiles, realtimeEvents, reports, savedBusinesses,
  listingSuggestions, quoteRequests, session, twoFactor, user, verification,
} from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../../lib/audit.server";
import { getDb, queryRows } from "../../lib/db.server";
import { forgetEmailsTo } from "../../lib/email.server";
import { logger } from "../../lib/logger.server";
import { resetRateLimit } from "../../lib/rate-limit.server";
import { getStorage } from "../../lib/storage.server";
import { confirmPassword, passwordConfirmKey } from "../accounts/password-confirmation.server";
import type { SessionUser } from "../accounts/session-user";
import { confirmHolderCode } from "../accounts/verify-phone.server";
import { removeOwnerListings } from "../listings/remove-owner-listings.server";
import { removeAuthorReviews } from "../reviews/remove-author-reviews.server";
import { confirmsDeletion, DELETED_USER_NAME, PRIVACY_TEXTS } from "./privacy.schemas";

/** Wrong passwords allowed per account in the window before deletion is refused for a while (as sign-in). */

/** The e-mail a deleted account keeps: unique, and undeliverable by definition (.invalid, RFC 2606). */
export function deletedEmailFor(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

export type DeletedAccount = { listingsRemoved: number; sessionsEnded: number; kycDocumentsRemoved: number; reviewsRemoved: number };

/**
 * The signed-in person deletes their account (NDPA 2023, right to erasure), after typing their password again
 * and the confirmation word. In one transaction:
 *  - every session ends, the password, two-factor secret and pending verification links go;
 *  - their listings go (images, featured requests with them), conversations about them stay readable;
 *  - KYC: a pending submission is withdrawn; a decided one keeps its decision, reviewer and dates but loses
 *    the ID document, the name and the number;
 *  - their claims of listings (issue 34) go, pending or decided, with their documents;
 *  - notifications go, feedback stays without their name;
 *  - their reviews go (each listing's rating follows) with their 'Helpful' votes; their open reports and pending
 *    suggestions are withdrawn, decided ones lose the details or note they wrote (the decision stays for the audit); the blocks
 *    they set, or that were set against them, go; their quote requests (issue 37) go with the businesses' answers;
 *  - the account row stays, anonymised ('Deleted user', an undeliverable e-mail placeholder so the address can
 *    register again, no sign-up details), because their messages (still read by the other side, under
 *    'Deleted user'), payments and the audit log refer to it; payments and the audit log are kept as the law
 *    requires;
 *  - an admin may leave only while another active admin remains (the panel is never left without one);
 *  - the deletion is audited.
 * The files (listing images, ID documents) are deleted after the commit.
 */
export async function deleteMyAccount(actor: SessionUser | null, input: { password?: string; code?: string; confirmation?: string }): Promise<DeletedAccount> {
  if (!actor) throw new AppError("unauthenticated", PRIVACY_TEXTS.signInRequired);
  const password = input.password ?? "";
  const [credential] = await getDb()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, "credential")))
    .limit(1);
  // An account made with a phone number has no password: a code sent to its number confirms it is them (issue 33).
  const byCode = !credential?.hash;
  const fields: Record<string, string> = {};
  if (!byCode && !password) fields.password = PRIVACY_TEXTS.passwordRequired;
  if (byCode && !(input.code ?? "").trim()) fields.code = PRIVACY_TEXTS.codeRequired;
  if (!confirmsDeletion(input.confirmation ?? "")) fields.confirmation = PRIVACY_TEXTS.confirmationMismatch;
  if (Object.keys(fields).length > 0) throw new AppError("invalid", PRIVACY_TEXTS.checkFields, { fields });

  // Re-authentication: a session left open on a shared phone must not be enough to erase the account.
  if (byCode) {
    // The code's own rules (5 tries, 10 minutes, one use) bound the guesses.
    await confirmHolderCode(actor, input.code ?? "");
  } else {
    // One count of wrong passwords with 'confirm it is you' (accounts/password-confirmation.server.ts).
    const checked = await confirmPassword(actor.id, credential!.hash!, password);
    if (checked.outcome === "too-many") throw new AppError("rate-limited");
    if (checked.outcome === "wrong") throw new AppError("invalid", PRIVACY_TEXTS.checkFields, { fields: { password: PRIVACY_TEXTS.wrongPassword } });
  }

  const { outcome, removeListingFiles, kycKeys, claimKeys } = await getDb().transaction(async (tx) => {
    const [me] = await tx
      .select({ email: user.email, deletedAt: user.deletedAt, role: profiles.role })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, actor.id))
      .for("update", { of: user })
      .limit(1);
    if (!me || me.deletedAt) throw new AppError("unauthenticated", PRIVACY_TEXTS.signInRequired);
    const email = me.email.toLowerCase();

    if (actor.isAdmin) {
      // Two admins deleting themselves at once must not both see the other as the one who stays.
      await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('privacy:admin-account-deletion'))`);
      const [others] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count
            from "user" u left join ${profiles} p on p.id = u.id
            where u.id <> ${actor.id} and u.deleted_at is null and not coalesce(u.banned, false)
              and (p.role = 'admin' or exists (select 1 from ${admins} a where a.email = lower(u.email)))`,
      );
      if (Number(others?.count ?? 0) === 0) throw new AppError("conflict", PRIVACY_TEXTS.lastAdmin);
    }

    const now = new Date();
    const listings = await removeOwnerListings(tx, actor.id);
    const authored = await removeAuthorReviews(tx, actor.id);
    await tx.delete(reports).where(and(eq(reports.reporterId, actor.id), eq(reports.status, "open")));
    await tx.update(reports).set({ details: null }).where(eq(reports.reporterId, actor.id));
    // Their suggestions (issue 34): those still waiting are withdrawn; decided ones keep the decision (a listing may
    // have been added from one, source_id pointing at it) but lose the note they wrote.
    await tx.delete(listingSuggestions).where(and(eq(listingSuggestions.userId, actor.id), eq(listingSuggestions.status, "pending")));
    await tx.update(listingSuggestions).set({ note: null }).where(eq(listingSuggestions.userId, actor.id));
    // Their quote requests (issue 37), with the businesses' rows and answers; the conversations' messages go as all messages do.
    await tx.delete(quoteRequests).where(eq(quoteRequests.requesterId, actor.id));
    await tx.delete(conversationBlocks).where(or(eq(conversationBlocks.blockerId, actor.id), eq(conversationBlocks.visitorId, actor.id)));
    await tx.delete(savedBusinesses).where(eq(savedBusinesses.userId, actor.id));

    const submissions = await tx
      .select({ id: kycSubmissions.id, status: kycSubmissions.status, key: kycSubmissions.idImageUrl })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, actor.id))
      .for("update");
    const pending = submissions.filter((s) => s.status === "pending").map((s) => s.id);
    const decided = submissions.filter((s) => s.status !== "pending").map((s) => s.id);
    if (pending.length) await tx.delete(kycSubmissions).where(inArray(kycSubmissions.id, pending));
    if (decided.length) {
      await tx
        .update(kycSubmissions)
        .set({
          fullName: DELETED_USER_NAME,
          idNumber: "deleted",
          idImageUrl: null,
          documentPurgedAt: sql`coalesce(${kycSubmissions.documentPurgedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(inArray(kycSubmissions.id, decided));
    }

    // Their claims of listings and the documents they sent (the account row stays, so no cascade removes them).
    const claims = await tx.delete(listingClaims).where(eq(listingClaims.userId, actor.id)).returning({ key: listingClaims.documentKey });
    // Their verification levels (issue 35): the names, numbers and references checked go; the audit log keeps that a
    // check was made (no name, no number beyond a virtual NIN's last 4 characters).
    await tx.delete(listingVerifications).where(eq(listingVerifications.userId, actor.id));

    const ended = await tx.delete(session).where(eq(session.userId, actor.id)).returning({ id: session.id });
    await tx.delete(account).where(eq(account.userId, actor.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, actor.id));
    await tx.delete(verification).where(or(eq(verification.value, actor.id), eq(verification.identifier, email)));
    await tx.delete(notifications).where(eq(notifications.userId, actor.id));
    await tx.delete(conversationStates).where(eq(conversationStates.userId, actor.id));
    await tx.delete(realtimeEvents).where(eq(realtimeEvents.userId, actor.id));
    await tx.update(feedback).set({ userId: null }).where(eq(feedback.userId, actor.id));
    await tx.delete(admins).where(eq(admins.email, email));
    await forgetEmailsTo(tx, email);

    await tx
      .update(user)
      .set({
        name: DELETED_USER_NAME,
        email: deletedEmailFor(actor.id),
        emailVerified: false,
        image: null,
        metadata: {},
        role: "user",
        banReason: null,
        banExpires: null,
        twoFactorEnabled: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(user.id, actor.id));
    const role = me.role && me.role !== "admin" ? me.role : "visitor";
    // The verified phone number goes with the rest (issue 33), and so do its codes.
    const anonymous = { firstName: DELETED_USER_NAME, lastName: null, country: null, state: null, category: null, phone: null, phoneVerifiedAt: null, role, updatedAt: now };
    await tx.delete(phoneCodes).where(eq(phoneCodes.userId, actor.id));
    await tx
      .insert(profiles)
      .values({ id: actor.id, ...anonymous })
      .onConflictDoUpdate({ target: profiles.id, set: anonymous });

    const outcome: DeletedAccount = {
      listingsRemoved: listings.businessIds.length,
      sessionsEnded: ended.length,
      kycDocumentsRemoved: submissions.filter((s) => s.key).length,
      reviewsRemoved: authored.reviewsRemoved,
    };
    await recordAudit(tx, { id: actor.id, email }, {
      action: "account.delete",
      targetType: "user",
      targetId: actor.id,
      before: { role: me.role ?? actor.role, isAdmin: actor.isAdmin },
      after: { ...outcome, kycSubmissionsWithdrawn: pending.length, kycDecisionsKept: decided.length, listingClaimsRemoved: claims.length },
    });
    return {
      outcome,
      removeListingFiles: listings.removeFiles,
      kycKeys: submissions.flatMap((s) => (s.key ? [s.key] : [])),
      claimKeys: claims.flatMap((c) => (c.key ? [c.key] : [])),
    };
  });
  await resetRateLimit(passwordConfirmKey(actor.id));

  // After the commit: the rows that named these files are gone, so a failed delete only leaves an orphan file,
  // which the log reports.
  await removeListingFiles().catch((error) => logger.warn({ err: error, userId: actor.id }, "listing image files not deleted"));
  const storage = getStorage();
  for (const key of kycKeys) {
    await storage.delete("kyc-documents", key).catch((error) => logger.warn({ err: error, userId: actor.id }, "KYC document file not deleted"));
  }
  for (const key of claimKeys) {
    await storage.delete("kyc-documents", key).catch((error) => logger.warn({ err: error, userId: actor.id }, "listing claim document not deleted"));
  }
  // ID and claim documents are stored under the owner's id: whatever is left there (an upload that never got its row) goes too.
  await storage.deletePrefix("kyc-documents", actor.id).catch((error) => logger.warn({ err: error, userId: actor.id }, "KYC folder not deleted"));
  return outcome;
}
