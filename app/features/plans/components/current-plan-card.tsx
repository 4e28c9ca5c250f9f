import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";

export type CurrentPlanView = { id: string; name: string; listingLimit: number; endsAt: Date | string | null };

/** The dashboard's plan card: the plan in force, when it ends, and the listing allowance. */
export function CurrentPlanCard({ plan, listingCount }: { plan: CurrentPlanView; listingCount: number | null }) {
  const atLimit = listingCount !== null && listingCount >= plan.listingLimit;
  // The sentence around its link, translated whole (issue 36): the link's place is {{link}}.
  const [overBefore, overAfter = ""] = t(
    "You have more listings than your plan allows: they all stay online and you can keep editing them, but you cannot add another until you {{link}}.",
    { link: "\u0000" },
  ).split("\u0000");
  return (
    <section aria-labelledby="plan-card-title" className="card flex flex-wrap items-center justify-between gap-3 p-5">
      <div>
        <h2 id="plan-card-title" className="text-lg font-semibold">
          {t("Your plan: {{plan}}", { plan: plan.name })}
        </h2>
        <p className="text-sm text-gray-600">
          {plan.endsAt ? t("Active until {{date}}", { date: formatDate(plan.endsAt) }) : t("Free forever")} ·{" "}
          {listingCount === null
            ? t("up to {{count}} listings", { count: plan.listingLimit })
            : t("{{used}} of {{count}} listings used", { used: listingCount, count: plan.listingLimit })}
        </p>
        {listingCount !== null && listingCount > plan.listingLimit ? (
          <p className="mt-1 text-sm text-amber-800">
            {overBefore}
            <Link to="/pricing" className="underline">
              {t("renew a paid plan")}
            </Link>
            {overAfter}
          </p>
        ) : atLimit ? (
          <p className="mt-1 text-sm text-amber-800">{t("You have reached your plan's listing limit.")}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/pricing" className="btn btn-outline">
          {plan.id === "free" ? t("Upgrade plan") : t("View plans")}
        </Link>
        <Link to="/featured-plans" className="btn btn-outline">
          {t("Feature a listing")}
        </Link>
      </div>
    </section>
  );
}
