import { and, eq } from "drizzle-orm";
import { notifications, reports } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales";
import { languagesOf, renderIn } from "../../lib/i18n/sent-language.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { describeItems, takeDown } from "./internal/reported-items.server";
import { outcomeNotice, REPORT_TEXTS, ResolveReportsSchema, type ResolveReportsInput } from "./report.schemas";

export type ReportOutcome = "dismissed" | "unpublished" | "suspended" | "hidden" | "withdrawn";

/**
 * Suspends a user: the admin feature's `suspendUser`, handed in by the admin panel's dispatcher (the admin
 * feature depends on reports, so reports cannot import it; ADR 19).
 */
export type SuspendAuthor = (actor: SessionUser | null, input: { userId: string; reason: string }) => Promise<unknown>;

/**
 * An admin decides on a reported item: dismiss its reports, take it down (a listing unpublished with the
 * reason its owner sees), or suspend its author. The take-down and the suspension are their own use cases
 * (own transaction, own audit row); then, in one transaction, every open report of the item is closed, the
 * decision audited ('reports.<outcome>') and every reporter notified of the outcome (kind 'account').
 */
export async function resolveReports(
  actor: SessionUser | null,
  input: ResolveReportsInput,
  powers: { suspendAuthor: SuspendAuthor },
): Promise<{ outcome: ReportOutcome; closed: number }> {
  requireAdmin(actor);
  const parsed = ResolveReportsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "reason") throw new AppError("invalid", issue.message, { fields: { reason: issue.message } });
    throw new AppError("not-found");
  }
  const { kind, id, action, reason } = parsed.data;
  const db = getDb();
  const [open] = await db.select({ id: reports.id }).from(reports).where(and(eq(reports.status, "open"), eq(reports.itemKind, kind), eq(reports.itemId, id))).limit(1);
  if (!open) throw new AppError("conflict", REPORT_TEXTS.nothingOpen);
  const [item] = await describeItems(db, kind, [id]);

  let outcome: ReportOutcome = "dismissed";
  if (action === "remove") {
    outcome = await takeDown(actor, kind, id, reason);
  } else if (action === "suspend") {
    if (!item?.authorId) throw new AppError("conflict", REPORT_TEXTS.noAuthor);
    await powers.suspendAuthor(actor, { userId: item.authorId, reason: reason ?? "" });
    outcome = "suspended";
  }

  return db.transaction(async (tx) => {
    const now = new Date();
    const closed = await tx
      .update(reports)
      .set({ status: outcome === "dismissed" ? "dismissed" : "actioned", outcome, decidedBy: actor.id, decidedAt: now })
      .where(and(eq(reports.status, "open"), eq(reports.itemKind, kind), eq(reports.itemId, id)))
      .returning({ id: reports.id, reporterId: reports.reporterId });
    // A second admin deciding at the same moment: the first closed them; nobody is told twice.
    if (closed.length === 0) throw new AppError("conflict", REPORT_TEXTS.nothingOpen);
    await recordAudit(tx, auditActorOf(actor), {
      action: `reports.${outcome}`,
      targetType: kind,
      targetId: id,
      before: { openReports: closed.length },
      after: { outcome, reason, reportIds: closed.map((r) => r.id), authorId: item?.authorId ?? null },
    });
    const reporters = [...new Set(closed.map((r) => r.reporterId))];
    // Each reporter's in their own language (issue 36).
    const languages = await languagesOf(tx, reporters);
    const noticeIn = (userId: string) => renderIn(languages.get(userId) ?? DEFAULT_LOCALE, (t) => outcomeNotice(item?.title ?? t("the item you reported"), outcome));
    await tx.insert(notifications).values(reporters.map((userId) => ({ userId, kind: "account", ...noticeIn(userId), priority: "medium" })));
    return { outcome, closed: closed.length };
  });
}
