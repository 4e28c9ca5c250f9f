import { asc, eq, sql } from "drizzle-orm";
import { kycSubmissions, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { SessionUser } from "../accounts/session-user";
import { formatDate } from "../../lib/format";
import { signKycDocumentLink } from "./kyc-document-link.server";
import { documentPurgedText } from "./kyc.schemas";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";

/**
 * KYC Approvals: every submission newest first by submitted_at. The ID document is offered through a
 * link signed for this admin (5 minutes, and only with their session); opening it is what the audit log records as
 * a view. A document deleted after the retention period (app/features/privacy) is reported with its date and
 * KYC_RETENTION_DAYS.
 */
export async function listKycSubmissions(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: kycSubmissions.id,
      userId: kycSubmissions.userId,
      fullName: kycSubmissions.fullName,
      idNumber: kycSubmissions.idNumber,
      hasDocument: kycSubmissions.idImageUrl,
      status: kycSubmissions.status,
      submittedAt: kycSubmissions.submittedAt,
      reviewedAt: kycSubmissions.reviewedAt,
      rejectionReason: kycSubmissions.rejectionReason,
      documentPurgedAt: kycSubmissions.documentPurgedAt,
      email: user.email,
      accountDeleted: sql<boolean>`${user.deletedAt} is not null`,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(kycSubmissions)
    .leftJoin(user, eq(user.id, kycSubmissions.userId))
    .leftJoin(profiles, eq(profiles.id, kycSubmissions.userId))
    .orderBy(newestFirst(kycSubmissions.submittedAt), asc(kycSubmissions.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  const retentionDays = getEnv().KYC_RETENTION_DAYS;
  return {
    ...page,
    // The storage key never leaves the server: only a signed link, or null when there is no document.
    rows: page.rows.map(({ hasDocument, documentPurgedAt, accountDeleted, ...r }) => ({
      ...r,
      documentUrl: hasDocument ? signKycDocumentLink(actor.id, r.id) : null,
      /** Said instead of the document once it was deleted ('Document deleted on … (kept 90 days after the decision)'). */
      documentDeletedNote: !hasDocument && documentPurgedAt
        ? documentPurgedText(formatDate(documentPurgedAt), accountDeleted ? "account-deleted" : { retentionDays })
        : null,
    })),
  };
}

export type AdminKycRow = Awaited<ReturnType<typeof listKycSubmissions>>["rows"][number];
