import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { SITE_NAME } from "~/components/site";
import { requireUser } from "~/features/accounts/guards.server";
import { PageLinks, PaymentsTable } from "~/features/payments/components/payments-table";
import { listOwnPayments } from "~/features/payments/list-own-payments.server";
import { LEDGER_TEXTS, parsePageNumber } from "~/features/payments/payment-ledger";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: `${t(LEDGER_TEXTS.title)} – ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  return { payments: await listOwnPayments(user, { page }) };
}

/** The owner's payments, newest first, paged on the server; each completed one links to its receipt. */
export default function Payments({ loaderData }: Route.ComponentProps) {
  const { payments } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-8">
      <nav aria-label={t("Breadcrumb")} className="text-sm">
        <Link to="/dashboard" className="link">
          {t("Dashboard")}
        </Link>
      </nav>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t(LEDGER_TEXTS.title)}</h1>
        <p className="text-gray-600">{t(LEDGER_TEXTS.intro)}</p>
      </div>
      {payments.rows.length === 0 ? (
        <div className="card space-y-3 p-6 text-center">
          <p className="text-gray-700">{payments.page > 1 ? t("There are no more payments.") : t(LEDGER_TEXTS.empty)}</p>
          <Link to="/pricing" className="btn btn-outline">
            {t(LEDGER_TEXTS.choosePlan)}
          </Link>
        </div>
      ) : (
        <PaymentsTable rows={payments.rows} />
      )}
      <PageLinks page={payments.page} hasNext={payments.hasNext} basePath="/dashboard/payments" label={t(LEDGER_TEXTS.title)} />
    </div>
  );
}
