import { sql } from "drizzle-orm";
import { reports } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { msg } from "../../lib/i18n/i18n";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { checkReportable } from "./internal/reported-items.server";
import { CreateReportSchema, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW_SECONDS, REPORT_TEXTS, type CreateReportInput } from "./report.schemas";

/**
 * A signed-in user reports a listing or a message (a review once reviews exist) with a reason and optional
 * details. One open report per reporter and item: a second is refused with a clear text (the partial unique
 * index decides, so two tabs at once cannot both insert). At most REPORT_RATE_LIMIT reports an hour.
 */
export async function createReport(actor: SessionUser | null, input: CreateReportInput): Promise<{ reportId: string }> {
  if (!actor) throw new AppError("unauthenticated", REPORT_TEXTS.signInRequired);
  const parsed = CreateReportSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "");
    if (field === "kind" || field === "id") throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
    throw new AppError("invalid", issue?.message ?? REPORT_TEXTS.failed, { fields: { [field]: issue?.message ?? REPORT_TEXTS.failed } });
  }
  const { kind, id, reason, details } = parsed.data;
  const db = getDb();
  await checkReportable(db, actor, kind, id);
  const limit = await hitRateLimit(`report:${actor.id}`, REPORT_RATE_LIMIT, REPORT_RATE_WINDOW_SECONDS);
  if (!limit.allowed) throw new AppError("rate-limited", REPORT_TEXTS.rateLimited);
  const [row] = await db
    .insert(reports)
    .values({ reporterId: actor.id, itemKind: kind, itemId: id, reason, details })
    .onConflictDoNothing({ target: [reports.reporterId, reports.itemKind, reports.itemId], where: sql`status = 'open'` })
    .returning({ id: reports.id });
  if (!row) throw new AppError("conflict", REPORT_TEXTS.alreadyReported);
  return { reportId: row.id };
}
