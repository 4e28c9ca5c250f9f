import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { categoryName } from "../../../lib/reference";
import type { ReceivedQuoteRequest } from "../list-received-quote-requests.server";
import { placeText, QUOTE_ANSWER_STATUS_LABELS } from "../quote.schemas";

/** The owner dashboard's 'Quote requests' (issue 37): new ones first, each linking to its request page. Nothing when there are none. */
export function ReceivedQuoteRequests({ data }: { data: { requests: ReceivedQuoteRequest[]; waiting: number } }) {
  if (data.requests.length === 0) return null;
  return (
    <section aria-labelledby="quote-requests-title" className="card space-y-2 p-4">
      <h2 id="quote-requests-title" className="text-lg font-semibold">
        {t("Quote requests")}
      </h2>
      {data.waiting > 0 ? <p className="text-sm text-gray-700">{t("{{count}} waiting for your price", { count: data.waiting })}</p> : null}
      <ul className="divide-y divide-gray-100">
        {data.requests.map((r) => {
          const isNew = r.status === "new" && r.requestStatus === "open";
          return (
            <li key={`${r.requestId}-${r.businessName}`} className="py-2">
              <Link to={`/quotes/${r.requestId}`} className="link font-medium">
                {categoryName(r.category)} · {placeText(r.state, r.lga)}
              </Link>
              {isNew ? <span className="ml-2 rounded bg-brand-50 px-1.5 text-xs font-semibold text-brand-800">{t("New")}</span> : null}
              <p className="line-clamp-1 break-words text-sm text-gray-700">{r.description}</p>
              <p className="text-xs text-gray-500">
                {r.businessName} · {r.requestStatus === "cancelled" ? t("Cancelled") : t(QUOTE_ANSWER_STATUS_LABELS[r.status])} · {formatDate(r.createdAt)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
