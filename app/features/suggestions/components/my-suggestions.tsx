import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { formatDate } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import type { SuggestionKind, SuggestionOutcome, SuggestionStatus } from "../../../lib/reference";
import { SUGGESTION_KIND_LABELS, SUGGESTION_OUTCOME_LABELS, SUGGESTION_STATUS_LABELS, SUGGESTION_TEXTS } from "../suggestion.schemas";

export type MySuggestionRow = {
  id: string;
  kind: SuggestionKind;
  name: string;
  href: string | null;
  status: SuggestionStatus;
  outcome: SuggestionOutcome | null;
  reason: string | null;
  createdAt: Date | string;
};

/** 'Your suggestions' on /suggest: the latest ones, each with where it stands and, when not used, why. */
export function MySuggestions({ rows }: { rows: readonly MySuggestionRow[] }) {
  return (
    <section aria-labelledby="mine-title" className="space-y-3">
      <h2 id="mine-title" className="text-lg font-semibold">
        {t(SUGGESTION_TEXTS.mineTitle)}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">{t(SUGGESTION_TEXTS.mineEmpty)}</p>
      ) : (
        <ul className="card divide-y divide-gray-100">
          {rows.map((row) => (
            <li key={row.id} className="space-y-1 p-4" data-suggestion={row.id}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="min-w-0 break-words font-medium">
                  {row.href ? (
                    <Link to={row.href} className="link">
                      {row.name}
                    </Link>
                  ) : (
                    row.name
                  )}
                </p>
                <Badge tone={row.status}>{t(SUGGESTION_STATUS_LABELS[row.status])}</Badge>
              </div>
              <p className="text-sm text-gray-600">
                {t(SUGGESTION_KIND_LABELS[row.kind])} · {formatDate(row.createdAt)}
              </p>
              {row.outcome ? <p className="text-sm text-gray-700">{t(SUGGESTION_OUTCOME_LABELS[row.outcome])}</p> : null}
              {row.status === "rejected" && row.reason ? (
                <p className="whitespace-pre-wrap break-words text-sm text-gray-700">
                  <span className="font-medium">{t("Why:")} </span>
                  {row.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
