/**
 * An admin revokes a standing level with a reason the owner reads (issue 35, ADR 39): audited, the owner told, the
 * row kept. The admins' list of standing levels, newest first, a page at a time; opening it is audited like KYC
 * documents (it names who verified what and the provider's references).
 */
import { desc, eq, sql } from "drizzle-orm";
import { businesses, listingVerifications, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { t } from "../../lib/i18n/i18n";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { displayPhone } from "../../lib/phone";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { endLevels } from "./internal/levels.server";
import { badgeLabel, VERIFICATION_LIMITS, VERIFICATION_TEXTS, type VerificationLevel } from "./verification.schemas";

export async function revokeVerification(actor: SessionUser | null, input: { verificationId: string; reason: string }): Promise<void> {
  requireAdmin(actor);
  const reason = input.reason.trim();
  if (!reason) throw new AppError("invalid", VERIFICATION_TEXTS.revokeReasonNeeded, { fields: { reason: VERIFICATION_TEXTS.revokeReasonNeeded } });
  if (reason.length > VERIFICATION_LIMITS.revokeReasonMax) {
    const tooLong = t("At most {{max}} characters.", { max: VERIFICATION_LIMITS.revokeReasonMax });
    throw new AppError("invalid", tooLong, { fields: { reason: tooLong } });
  }
  if (!isUuid(input.verificationId)) throw new AppError("not-found", VERIFICATION_TEXTS.nothingToRevoke);
  const ended = await getDb().transaction((tx) =>
    // Stored in English (it goes into the owner's notice); endReasonText shows it in the reader's language.
    endLevels(eq(listingVerifications.id, input.verificationId), { tx, actor: auditActorOf(actor), reason: `Revoked by an admin: ${reason}`, endedBy: actor.id }),
  );
  if (ended === 0) throw new AppError("conflict", VERIFICATION_TEXTS.nothingToRevoke);
}

export type AdminVerificationRow = {
  id: string;
  level: VerificationLevel;
  label: string;
  method: string;
  owner: string;
  listing: { id: string; name: string } | null;
  detail: string;
  providerReference: string | null;
  expiresAt: string;
};

/** Standing levels, newest first, a page at a time (20). Audited: it names who verified what and the providers' references. */
export async function listStandingVerifications(actor: SessionUser | null, { page }: { page: number }): Promise<Paged<AdminVerificationRow>> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: listingVerifications.id, level: listingVerifications.level, method: listingVerifications.method, owner: user.email,
      businessId: listingVerifications.businessId, listing: businesses.name, phone: listingVerifications.phone, fullName: listingVerifications.fullName,
      idLast4: listingVerifications.idLast4, rcNumber: listingVerifications.rcNumber, registeredName: listingVerifications.registeredName,
      providerReference: listingVerifications.providerReference, verifiedAt: listingVerifications.verifiedAt, expiresAt: listingVerifications.expiresAt,
    })
    .from(listingVerifications)
    .innerJoin(user, eq(user.id, listingVerifications.userId))
    .leftJoin(businesses, eq(businesses.id, listingVerifications.businessId))
    .where(sql`${listingVerifications.endedAt} is null and ${listingVerifications.expiresAt} > now()`)
    .orderBy(desc(listingVerifications.verifiedAt), desc(listingVerifications.id))
    .limit(limit)
    .offset(offset);
  await recordAudit(getDb(), auditActorOf(actor), { action: "verification.list.view", targetType: "verification", after: { page, count: Math.min(rows.length, ADMIN_PAGE_SIZE) } });
  return toPaged(
    rows.map((row) => ({
      id: row.id,
      level: row.level as VerificationLevel,
      label: badgeLabel(row.level as VerificationLevel, row.verifiedAt),
      method: row.method,
      owner: row.owner,
      listing: row.businessId ? { id: row.businessId, name: row.listing ?? "" } : null,
      detail:
        row.level === "phone"
          ? displayPhone(row.phone)
          : row.level === "identity"
            ? row.idLast4
              ? t("{{name}} · virtual NIN …{{digits}}", { name: row.fullName, digits: row.idLast4 })
              : t("{{name}} · photo ID checked by an admin", { name: row.fullName })
            : `${row.registeredName} · CAC ${row.rcNumber}`,
      providerReference: row.providerReference,
      expiresAt: row.expiresAt.toISOString(),
    })),
    page,
    ADMIN_PAGE_SIZE,
  );
}
