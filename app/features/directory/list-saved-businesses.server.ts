import { count, desc, eq, sql } from "drizzle-orm";
import { businesses, savedBusinesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { pageWindow, toPaged, type Paged } from "../../lib/pagination";
import type { SessionUser } from "../accounts/session-user";
import { cardColumns, isPublicBusiness, toCards } from "./internal/public-business.server";
import { SAVED_LIMITS, SAVED_TEXTS } from "../../lib/saved-businesses";
import type { BusinessCardData } from "./types";

/** One saved business: its card while it is public; only its name once it is not (the page says so). */
export type SavedBusiness = { businessId: string; name: string; savedAt: Date; card: BusinessCardData | null };

/**
 * The signed-in user's own saved businesses, newest first, a page at a time (by the index on user and time;
 * an account holds at most SAVED_LIMITS.max). A listing that stopped being public stays in the list, shown as
 * no longer listed, until the user removes it.
 */
export async function listSavedBusinesses(actor: SessionUser | null, input: { page?: unknown }): Promise<Paged<SavedBusiness> & { total: number }> {
  if (!actor) throw new AppError("unauthenticated", SAVED_TEXTS.signInRequired);
  const asked = Number(input.page);
  const page = Number.isInteger(asked) && asked >= 1 && asked <= Math.ceil(SAVED_LIMITS.max / SAVED_LIMITS.pageSize) ? asked : 1;
  const { limit, offset } = pageWindow(page, SAVED_LIMITS.pageSize);
  const db = getDb();
  const rows = await db
    .select({ ...cardColumns, savedAt: savedBusinesses.createdAt, isPublic: sql<boolean>`(${isPublicBusiness})`.mapWith(Boolean) })
    .from(savedBusinesses)
    .innerJoin(businesses, eq(businesses.id, savedBusinesses.businessId))
    .where(eq(savedBusinesses.userId, actor.id))
    .orderBy(desc(savedBusinesses.createdAt), savedBusinesses.businessId)
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(savedBusinesses).where(eq(savedBusinesses.userId, actor.id));
  const cards = new Map(toCards(rows.filter((row) => row.isPublic)).map((card) => [card.id, card]));
  const saved = rows.map((row) => ({ businessId: row.id, name: row.name, savedAt: row.savedAt, card: cards.get(row.id) ?? null }));
  return { ...toPaged(saved, page, SAVED_LIMITS.pageSize), total };
}
