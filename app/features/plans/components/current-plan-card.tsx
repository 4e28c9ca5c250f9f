import { Link } from "react-router";
import { formatDate } from "../../../lib/format";

export type CurrentPlanView = { id: string; name: string; listingLimit: number; endsAt: Date | string | null };

/** The dashboard's plan card: the plan in force, when it ends, and the listing allowance. */
export function CurrentPlanCard({ plan, listingCount }: { plan: CurrentPlanView; listingCount: number | null }) {
  const atLimit = listingCount !== null && listingCount >= plan.listingLimit;
  return (
    <section aria-labelledby="plan-card-title" className="card flex flex-wrap items-center justify-between gap-3 p-5">
      <div>
        <h2 id="plan-card-title" className="text-lg font-semibold">
          Your plan: {plan.name}
        </h2>
        <p className="text-sm text-gray-600">
          {plan.endsAt ? `Active until ${formatDate(plan.endsAt)}` : "Free forever"} ·{" "}
          {listingCount === null
            ? `up to ${plan.listingLimit} ${plan.listingLimit === 1 ? "listing" : "listings"}`
            : `${listingCount} of ${plan.listingLimit} ${plan.listingLimit === 1 ? "listing" : "listings"} used`}
        </p>
        {listingCount !== null && listingCount > plan.listingLimit ? (
          <p className="mt-1 text-sm text-amber-800">
            You have more listings than your plan allows: they all stay online and you can keep editing them, but you cannot add another
            until you <Link to="/pricing" className="underline">renew a paid plan</Link>.
          </p>
        ) : atLimit ? (
          <p className="mt-1 text-sm text-amber-800">You have reached your plan's listing limit.</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/pricing" className="btn btn-outline">
          {plan.id === "free" ? "Upgrade plan" : "View plans"}
        </Link>
        <Link to="/featured-plans" className="btn btn-outline">
          Feature a listing
        </Link>
      </div>
    </section>
  );
}
