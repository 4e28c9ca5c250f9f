import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { msg } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import { checkReportable } from "./internal/reported-items.server";
import { REPORT_TEXTS, ReportTargetSchema, type ReportKind } from "./report.schemas";

export type ReportTargetView = { kind: ReportKind; id: string; title: string; href: string | null };

/**
 * What the report page shows about the item: its kind and name, after the same checks as sending a report
 * (it exists, the person may see it and did not write it). A signed-out visitor is asked to log in.
 */
export async function getReportTarget(actor: SessionUser | null, input: { kind: unknown; id: unknown }): Promise<ReportTargetView> {
  const parsed = ReportTargetSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
  if (!actor) throw new AppError("unauthenticated", REPORT_TEXTS.signInRequired);
  const item = await checkReportable(getDb(), actor, parsed.data.kind, parsed.data.id);
  return { kind: item.kind, id: item.id, title: item.title, href: item.href };
}
