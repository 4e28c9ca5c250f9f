import { inArray } from "drizzle-orm";
import { businesses, businessMessages, profiles } from "../../../../db/schema";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Db, Tx } from "../../../lib/db.server";
import { t } from "../../../lib/i18n/i18n";
import { SENDER_TYPES } from "../../../lib/reference";
import { MESSAGE_TEXTS, type MessageView, type SenderType } from "../message.schemas";

/** The columns every message read selects (joined with its business's name). */
export const messageColumns = {
  id: businessMessages.id,
  businessId: businessMessages.businessId,
  businessName: businesses.name,
  visitorId: businessMessages.visitorId,
  senderId: businessMessages.senderId,
  recipientId: businessMessages.recipientId,
  senderType: businessMessages.senderType,
  message: businessMessages.message,
  readStatus: businessMessages.readStatus,
  createdAt: businessMessages.createdAt,
};

/** A message read with messageColumns (the business's name is null once the listing is deleted). */
export type MessageRow = Omit<SelectResultFields<typeof messageColumns>, "businessName" | "recipientId"> & { businessName: string | null };

/** The presenter: what a reader of the message may see of it. */
export function toMessageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName ?? t(MESSAGE_TEXTS.unknownBusiness),
    visitorId: row.visitorId,
    senderId: row.senderId,
    senderType: ((SENDER_TYPES as readonly string[]).includes(row.senderType) ? row.senderType : "visitor") as SenderType,
    text: row.message,
    readStatus: row.readStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What a conversation partner sees of a person: first and last name, else 'Visitor' in the language of the moment
 * (never the e-mail).
 */
export function displayName(row: { firstName: string | null; lastName: string | null } | undefined): string {
  const name = [row?.firstName?.trim(), row?.lastName?.trim()].filter(Boolean).join(" ");
  return name || t("Visitor");
}

/** Display names of several users at once. */
export async function displayNames(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const rows = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  for (const row of rows) names.set(row.id, displayName(row));
  for (const id of ids) if (!names.has(id)) names.set(id, t("Visitor"));
  return names;
}
