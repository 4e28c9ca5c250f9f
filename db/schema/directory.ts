import { sql } from "drizzle-orm";
import {
  type AnyPgColumn, boolean, check, customType, doublePrecision, index, integer, jsonb, pgTable, real, smallint, text, timestamp, unique, uniqueIndex, uuid,
} from "drizzle-orm/pg-core";
import { APPROVAL_STATUSES, KYC_STATUSES, STORED_ROLES } from "../../app/lib/reference";
import { user } from "./auth";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A set of integer ranges, as PostgreSQL writes it: '{[480,1080),[1920,2520)}'. */
const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** One row per account: what the spec calls profiles. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey().references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    country: text("country"),
    state: text("state"),
    category: text("category"),
    role: text("role").notNull().default("visitor"),
    kycStatus: text("kyc_status").notNull().default("none"),
    /** The account's mobile number (E.164), stored only once proved by a code sent to it (issue 33): one account per number. */
    phone: text("phone"),
    phoneVerifiedAt: ts("phone_verified_at"),
    /** The language the person chose (issue 36: en, pcm, ha, yo, ig); null: never chose, English. */
    language: text("language"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} in (${inList(STORED_ROLES)})`),
    check("profiles_kyc_status_check", sql`${t.kycStatus} in (${inList(KYC_STATUSES)})`),
    check("profiles_language_check", sql`${t.language} is null or ${t.language} in ('en', 'pcm', 'ha', 'yo', 'ig')`),
    check("profiles_phone_check", sql`${t.phone} is null or (${t.phone} ~ '^\\+[0-9]{10,15}$' and ${t.phoneVerifiedAt} is not null)`),
    index("profiles_created_at_idx").on(t.createdAt.desc(), t.id),
    index("profiles_role_idx").on(t.role),
    uniqueIndex("profiles_phone_idx").on(t.phone).where(sql`phone is not null`),
  ],
);

/** E-mails with admin rights besides role admin (spec 02 §1). Stored lower-case. */
export const admins = pgTable(
  "admins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [check("admins_email_lower_check", sql`${t.email} = lower(${t.email})`)],
);

/** What the spec calls businesses_profile: one listing. */
export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL keeps an orphaned listing for the admin clean-up to report; orphans are never public.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    plotNumber: text("plot_number"),
    state: text("state"),
    // One of the state's local government areas (app/lib/nigeria-lgas.ts), and an optional landmark line (migration 0017).
    lga: text("lga"),
    landmark: text("landmark"),
    country: text("country").notNull().default("Nigeria"),
    phoneNumber: text("phone_number"),
    websiteUrl: text("website_url"),
    products: text("products").array().notNull().default(sql`'{}'::text[]`),
    category: text("category"),
    approved: boolean("approved").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    featuredUntil: ts("featured_until"),
    // The end of the owner's running Premium plan (featured status and search priority), copied onto each of
    // their listings by migration 0011's triggers; null when they have none (ADR 16).
    premiumUntil: ts("premium_until"),
    approvalStatus: text("approval_status").notNull().default("pending"),
    approvedAt: ts("approved_at"),
    rejectedAt: ts("rejected_at"),
    rejectionReason: text("rejection_reason"),
    featuredManagedBy: text("featured_managed_by").references(() => user.id, { onDelete: "set null" }),
    featuredManagedAt: ts("featured_managed_at"),
    // Set while the owner is suspended: the listing leaves the public directory until it is lifted.
    ownerSuspended: boolean("owner_suspended").notNull().default(false),
    // The last change to this approved listing an admin refused, and why (the owner sees it); cleared by the next one.
    changeRejectedAt: ts("change_rejected_at"),
    changeRejectionReason: text("change_rejection_reason"),
    viewCount: integer("view_count").notNull().default(0),
    // The published reviews' aggregates and the Bayesian score of sort=rating, kept by app/features/reviews in
    // the same transaction as each review change (migration 0013, ADR 18).
    reviewCount: integer("review_count").notNull().default(0),
    reviewStarSum: integer("review_star_sum").notNull().default(0),
    reviewStars5: integer("review_stars_5").notNull().default(0),
    reviewStars4: integer("review_stars_4").notNull().default(0),
    reviewStars3: integer("review_stars_3").notNull().default(0),
    reviewStars2: integer("review_stars_2").notNull().default(0),
    reviewStars1: integer("review_stars_1").notNull().default(0),
    ratingScore: real("rating_score").notNull().default(3.5),
    // Weekly opening hours as the owner set them (app/lib/opening-hours.ts, null: not listed), and the same hours as
    // WAT minutes of the week that the 'Open now' filter tests (migration 0016, ADR 21). Written together.
    openingHours: jsonb("opening_hours").$type<unknown>(),
    openMinutes: int4multirange("open_minutes"),
    // Where the business is (degrees, WGS 84): both or neither, inside Nigeria (migration 0018, ADR 23).
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    // Where an imported listing came from (issue 34, ADR 38): 'osm', 'overture' or 'csv:<name>' and the id there (or
    // 'suggestion' and the visitor's suggestion it was added from, migration 0044), when
    // an import last had it and when one no longer did; when an owner claimed it; the owner's listing that covers it
    // (it is hidden then, never merged). Public without an owner (migration 0041).
    source: text("source"),
    sourceId: text("source_id"),
    sourceSeenAt: ts("source_seen_at"),
    sourceGoneAt: ts("source_gone_at"),
    claimedAt: ts("claimed_at"),
    coveredBy: uuid("covered_by").references((): AnyPgColumn => businesses.id, { onDelete: "set null" }),
    // The levels the listing shows now, as bits (1 phone, 2 identity, 4 registered business; issue 35, ADR 39), kept by
    // app/features/verification in the transaction of each change: search's 'Verified' filter reads them (migration 0045).
    verifiedLevels: smallint("verified_levels").notNull().default(0),
    socialMediaLinks: jsonb("social_media_links").$type<Record<string, string>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    // Mirrors migrations 0004, 0006, 0017 and 0021 (directory search; the LGA and landmark at C): '/' splits words; '_1'…'_12' mark nested hash
    // samples of the id; '_o<hour of the week>' marks the night hours (20:00–07:00 WAT) the listing is open in (ADR 21).
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, translate(coalesce(name, ''), '/', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(category, '') || ' ' || coalesce(immutable_array_to_string(products), ''), '/', ' ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(state, '') || ' ' || coalesce(lga, '') || ' ' || coalesce(address, '') || ' ' || coalesce(landmark, ''), '/', ' ')), 'C') || setweight(to_tsvector('simple'::regconfig, translate(coalesce(description, ''), '/', ' ')), 'D') || array_to_tsvector((ARRAY['_1', '_2', '_3', '_4', '_5', '_6', '_7', '_8', '_9', '_10', '_11', '_12'])[1:(13 - length(rtrim(((hashtext(id::text) & 4095) | 4096)::bit(13)::text, '0')))]) || open_night_markers(open_minutes)`,
    ),
  },
  (t) => [
    check("businesses_approval_status_check", sql`${t.approvalStatus} in (${inList(APPROVAL_STATUSES)})`),
    check("businesses_name_length_check", sql`char_length(${t.name}) between 2 and 100`),
    check("businesses_view_count_check", sql`${t.viewCount} >= 0`),
    check("businesses_lga_state_check", sql`${t.lga} is null or ${t.state} is not null`),
    check("businesses_landmark_length_check", sql`char_length(${t.landmark}) <= 150`),
    check(
      "businesses_review_counts_check",
      sql`${t.reviewCount} >= 0 and ${t.reviewStarSum} = 5 * ${t.reviewStars5} + 4 * ${t.reviewStars4} + 3 * ${t.reviewStars3} + 2 * ${t.reviewStars2} + ${t.reviewStars1} and ${t.reviewCount} = ${t.reviewStars5} + ${t.reviewStars4} + ${t.reviewStars3} + ${t.reviewStars2} + ${t.reviewStars1}`,
    ),
    check(
      "businesses_opening_hours_check",
      sql`(${t.openingHours} is null) = (${t.openMinutes} is null) and (${t.openingHours} is null or jsonb_typeof(${t.openingHours}) = 'array')`,
    ),
    check(
      "businesses_location_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between 4.0 and 14.0 and ${t.longitude} between 2.5 and 15.0))`,
    ),
    index("businesses_user_id_idx").on(t.userId, t.createdAt.desc()),
    // The admin overview counts each day's new listings by range (migration 0023).
    index("businesses_created_idx").on(t.createdAt),
    // Public directory: approved, owner present and not suspended, or imported and not yet claimed (migration 0041). Featured first, newest next.
    index("businesses_public_order_idx")
      .on(t.featured.desc(), t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_created_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_state_category_created_idx")
      .on(t.state, t.category, t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_state_lga_created_idx")
      .on(t.state, t.lga, t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and lga is not null`),
    index("businesses_public_state_lga_category_created_idx")
      .on(t.state, t.lga, t.category, t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and lga is not null`),
    index("businesses_public_state_idx")
      .on(t.state)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_category_idx")
      .on(t.category)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_pending_idx").on(t.createdAt.desc()).where(sql`approval_status = 'pending'`),
    index("businesses_featured_until_idx").on(t.featuredUntil).where(sql`featured`),
    index("businesses_public_premium_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`premium_until is not null and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_rating_idx")
      .on(t.ratingScore.desc(), t.reviewCount.desc(), t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    index("businesses_public_rated4_idx")
      .on(t.ratingScore.desc(), t.createdAt.desc(), t.id)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null) and review_count > 0 and review_star_sum >= 4 * review_count`),
    index("businesses_search_vector_idx").using("gin", t.searchVector),
    index("businesses_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("businesses_public_open_idx")
      .using("gist", t.openMinutes)
      .where(sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    // 'Near me' (ADR 23): public listings with a location as points on a flat map of Nigeria (x = longitude ×
    // cos 9°, y = latitude): within a box, nearest first (GiST KNN). Queries write the same expression (PLANE_POINT).
    index("businesses_public_location_idx")
      .using("gist", sql`point(${t.longitude} * 0.98769, ${t.latitude})`)
      .where(sql`latitude is not null and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    // 'suggestion': a missing business a visitor suggested and an admin approved (migration 0044; source_id the suggestion's id).
    check("businesses_source_check", sql`(${t.source} is null) = (${t.sourceId} is null) and (${t.source} is null or ${t.source} ~ '^(osm|overture|suggestion|csv:[a-z0-9-]{1,40})$')`),
    uniqueIndex("businesses_source_key").on(t.source, t.sourceId).where(sql`source is not null`),
    index("businesses_covered_by_idx").on(t.coveredBy).where(sql`covered_by is not null`),
    check("businesses_verified_levels_check", sql`${t.verifiedLevels} between 0 and 7`),
    index("businesses_public_verified_idx")
      .on(t.createdAt.desc(), t.id)
      .where(sql`verified_levels > 0 and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`),
    // Possible duplicates in Business Approvals (issue 16): other listings with the same phone number.
    index("businesses_phone_idx").on(t.phoneNumber).where(sql`phone_number is not null`),
  ],
);

/** Up to three images per listing, positions 1–3. image_url holds our storage key. */
export const businessImages = pgTable(
  "business_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull().references(() => businesses.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    position: smallint("position").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("business_images_position_check", sql`${t.position} between 1 and 3`),
    unique("business_images_business_position_key").on(t.businessId, t.position),
  ],
);

/** One image of a change waiting for review: a kept image keeps its business_images id and time. */
export type RevisionImage = { id: string; key: string; width: number | null; height: number | null; at: string };

/**
 * The change an owner made to an approved listing, waiting for an admin (at most one per listing; editing
 * again replaces it). It holds the reviewed fields and the image list as the owner wants them; the public
 * keeps reading businesses and business_images, the approved version, until the change is approved.
 */
export const businessRevisions = pgTable(
  "business_revisions",
  {
    businessId: uuid("business_id").primaryKey().references(() => businesses.id, { onDelete: "cascade" }),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    address: text("address"),
    plotNumber: text("plot_number"),
    phoneNumber: text("phone_number"),
    websiteUrl: text("website_url"),
    products: text("products").array().notNull().default(sql`'{}'::text[]`),
    landmark: text("landmark"),
    images: jsonb("images").$type<RevisionImage[]>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("business_revisions_name_length_check", sql`char_length(${t.name}) between 2 and 100`),
    check("business_revisions_landmark_length_check", sql`char_length(${t.landmark}) <= 150`),
    check("business_revisions_images_check", sql`jsonb_typeof(${t.images}) = 'array' and jsonb_array_length(${t.images}) between 1 and 3`),
    index("business_revisions_updated_idx").on(t.updatedAt.desc(), t.businessId),
  ],
);

export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** Labelled 'active phone number or ID number' in the spec. */
    idNumber: text("id_number").notNull(),
    /** Private storage key of the ID document; never a public URL. */
    idImageUrl: text("id_image_url"),
    status: text("status").notNull().default("pending"),
    submittedAt: ts("submitted_at").notNull().defaultNow(),
    reviewedAt: ts("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** When the ID document was deleted (KYC_RETENTION_DAYS after the decision, or with the account). */
    documentPurgedAt: ts("document_purged_at"),
  },
  (t) => [
    check("kyc_submissions_status_check", sql`${t.status} in (${inList(APPROVAL_STATUSES)})`),
    check("kyc_submissions_full_name_check", sql`char_length(${t.fullName}) >= 2`),
    check("kyc_submissions_id_number_check", sql`char_length(${t.idNumber}) >= 5`),
    index("kyc_submissions_user_idx").on(t.userId, t.submittedAt.desc()),
    index("kyc_submissions_submitted_idx").on(t.submittedAt.desc(), t.id),
    uniqueIndex("kyc_submissions_one_pending_idx").on(t.userId).where(sql`status = 'pending'`),
    index("kyc_submissions_document_retention_idx").on(t.reviewedAt).where(sql`id_image_url is not null and status <> 'pending'`),
  ],
);
