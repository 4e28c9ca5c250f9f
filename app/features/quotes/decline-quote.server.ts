import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { lockOwnRecipient } from "./answer-quote.server";
import { QUOTE_TEXTS } from "./quote.schemas";

/**
 * The owner of a chosen business declines a request (or withdraws their quote) while it is open and not accepted.
 * A withdrawn quote's price and text are cleared: the visitor's page and list show no price that no longer stands.
 */
export async function declineQuote(actor: SessionUser | null, recipientId: string): Promise<{ requestId: string }> {
  if (!actor) throw new AppError("unauthenticated", QUOTE_TEXTS.loginRequired);
  if (!isUuid(recipientId)) throw new AppError("not-found", QUOTE_TEXTS.notFound);
  return getDb().transaction(async (tx) => {
    const row = await lockOwnRecipient(tx, actor, recipientId);
    await queryRows(tx, sql`update quote_recipients set status = 'declined', price_kobo = null, answer = null where id = ${row.id} returning id`);
    return { requestId: row.request_id };
  });
}
