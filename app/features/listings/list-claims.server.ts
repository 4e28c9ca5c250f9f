import { aliasedTable, asc, eq, sql } from "drizzle-orm";
import { businesses, listingClaims, profiles, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import type { ClaimDocumentKind, KycStatus, ListingClaimKind } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import { shownEmail } from "../accounts/phone.schemas";
import type { SessionUser } from "../accounts/session-user";
import { signClaimDocumentLink } from "./claim-document-link.server";

const claimant = aliasedTable(user, "claimant");
const claimantProfile = aliasedTable(profiles, "claimant_profile");
const owner = aliasedTable(user, "owner");
const ownerProfile = aliasedTable(profiles, "owner_profile");

/**
 * The admins' Claims tab (issue 34): claims waiting for review, oldest first, a page at a time. Each with its listing,
 * the claimant (name, e-mail or phone, KYC status and the name their approved KYC carries), the listing's current
 * owner for a dispute, the document's kind, the note (text) and a link to the document signed for this admin (5
 * minutes; opening it is audited). The storage key never leaves the server.
 */
export async function listPendingClaims(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: listingClaims.id,
      kind: listingClaims.kind,
      documentKind: listingClaims.documentKind,
      hasDocument: sql<boolean>`${listingClaims.documentKey} is not null`.mapWith(Boolean),
      note: listingClaims.note,
      createdAt: listingClaims.createdAt,
      businessId: businesses.id,
      businessName: businesses.name,
      category: businesses.category,
      state: businesses.state,
      lga: businesses.lga,
      source: businesses.source,
      sourceId: businesses.sourceId,
      isPublic: sql<boolean>`(${businesses.approved} and ${businesses.approvalStatus} = 'approved' and not ${businesses.ownerSuspended})`.mapWith(Boolean),
      claimantId: listingClaims.userId,
      claimantEmail: claimant.email,
      claimantFirstName: claimantProfile.firstName,
      claimantLastName: claimantProfile.lastName,
      claimantPhone: claimantProfile.phone,
      claimantKycStatus: claimantProfile.kycStatus,
      claimantKycName: sql<string | null>`(select k.full_name from kyc_submissions k where k.user_id = ${listingClaims.userId} and k.status = 'approved' order by k.reviewed_at desc nulls last limit 1)`,
      ownerId: businesses.userId,
      ownerEmail: owner.email,
      ownerFirstName: ownerProfile.firstName,
      ownerLastName: ownerProfile.lastName,
      ownerPhone: ownerProfile.phone,
      otherPending: sql<number>`(select count(*)::int from listing_claims o where o.business_id = ${listingClaims.businessId} and o.status = 'pending' and o.id <> ${listingClaims.id})`.mapWith(Number),
    })
    .from(listingClaims)
    .innerJoin(businesses, eq(businesses.id, listingClaims.businessId))
    .leftJoin(claimant, eq(claimant.id, listingClaims.userId))
    .leftJoin(claimantProfile, eq(claimantProfile.id, listingClaims.userId))
    .leftJoin(owner, eq(owner.id, businesses.userId))
    .leftJoin(ownerProfile, eq(ownerProfile.id, businesses.userId))
    .where(eq(listingClaims.status, "pending"))
    .orderBy(asc(listingClaims.createdAt), asc(listingClaims.id))
    .limit(limit)
    .offset(offset);
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  return {
    ...page,
    rows: page.rows.map(({ hasDocument, claimantEmail, ownerEmail, ownerId, ownerFirstName, ownerLastName, ownerPhone, ...r }) => ({
      ...r,
      kind: r.kind as ListingClaimKind,
      documentKind: r.documentKind as ClaimDocumentKind,
      claimantKycStatus: (r.claimantKycStatus ?? "none") as KycStatus,
      claimantEmail: shownEmail(claimantEmail),
      createdAt: r.createdAt.toISOString(),
      // The current owner matters for a dispute only (a claim by document is of a listing nobody owns).
      owner: r.kind === "dispute" && ownerId ? { id: ownerId, firstName: ownerFirstName, lastName: ownerLastName, email: shownEmail(ownerEmail), phone: ownerPhone } : null,
      documentUrl: hasDocument ? signClaimDocumentLink(actor.id, r.id) : null,
    })),
  };
}

export type AdminClaimRow = Awaited<ReturnType<typeof listPendingClaims>>["rows"][number];
