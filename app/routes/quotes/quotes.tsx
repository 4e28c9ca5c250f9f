import { Link } from "react-router";
import type { Route } from "./+types/quotes";
import { SITE_NAME } from "~/components/site";
import { ButtonLink } from "~/components/ui/button";
import { requireUser } from "~/features/accounts/guards.server";
import { listQuoteRequests } from "~/features/quotes/list-quote-requests.server";
import { placeText, QUOTE_STATUS_LABELS, QUOTE_TEXTS, sentText } from "~/features/quotes/quote.schemas";
import { Alert } from "~/components/ui/alert";
import { formatDate } from "~/lib/format";
import { t } from "~/lib/i18n/i18n";
import { categoryName } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: `${t(QUOTE_TEXTS.listTitle)} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const SIGNED_IN = ["visitor", "business", "admin"] as const;

/** /quotes?page=N: the signed-in person's own requests, newest first, with their status and answers. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, SIGNED_IN);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const sent = Number(url.searchParams.get("sent") ?? "0");
  return { requests: await listQuoteRequests(user, page), sent: Number.isInteger(sent) && sent > 0 && sent <= 5 ? sent : 0 };
}

export default function Quotes({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasNext } = loaderData.requests;
  const { sent } = loaderData;
  return (
    <div className="page max-w-3xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="title">{t(QUOTE_TEXTS.listTitle)}</h1>
        <ButtonLink to="/quotes/new">{t(QUOTE_TEXTS.link)}</ButtonLink>
      </div>
      {sent ? <Alert tone="success">{sentText(sent)}</Alert> : null}
      {rows.length === 0 ? (
        <p className="text-gray-600">{t("You have not asked for a quote yet. Describe a job once and up to 5 businesses answer with a price.")}</p>
      ) : (
        <ul className="space-y-3">
          {rows.map((r) => (
            <li key={r.id} className="card p-4">
              <Link to={`/quotes/${r.id}`} className="link font-medium">
                {categoryName(r.category)} · {placeText(r.state, r.lga)}
              </Link>
              <p className="mt-1 line-clamp-2 break-words text-sm text-gray-700">{r.description}</p>
              <p className="mt-1 text-xs text-gray-500">
                {t(QUOTE_STATUS_LABELS[r.status])} · {formatDate(r.createdAt)} ·{" "}
                {t("{{answers}} of {{businesses}} answered", { answers: r.answers, businesses: r.businesses })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <nav className="flex gap-4" aria-label={t("Pages")}>
        {page > 1 ? (
          <Link to={`/quotes?page=${page - 1}`} className="link">
            {t("Previous")}
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={`/quotes?page=${page + 1}`} className="link">
            {t("Next")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
