import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireUser } from "~/features/accounts/guards.server";
import { greetingName } from "~/features/accounts/session-user";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { KycCard } from "~/features/kyc/kyc-card";
import { listOwnListings } from "~/features/listings/list-own-listings.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard – Naija Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const kyc = await getKycStatus(user);
  const listings = kyc.status === "approved" ? await listOwnListings(user) : [];
  return { name: greetingName(user), kyc, listings };
}

const STATUS_LABEL: Record<string, { label: string; tone: string }> = {
  approved: { label: "Approved", tone: "bg-green-100 text-green-800" },
  pending: { label: "Pending", tone: "bg-amber-100 text-amber-800" },
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, kyc, listings } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Business Dashboard</h1>
        <p className="text-gray-600">Welcome, {name}</p>
      </div>
      <KycCard kyc={kyc} />
      {kyc.status === "approved" ? (
        <section aria-labelledby="listings-title" className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 id="listings-title" className="text-lg font-semibold">
              Your Businesses
            </h2>
            <Link to="/business/create" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Add Business
            </Link>
          </div>
          {listings.length === 0 ? (
            <p className="rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600">You have no listings yet.</p>
          ) : (
            <ul className="space-y-3">
              {listings.map((b) => {
                const status = STATUS_LABEL[b.approvalStatus] ?? { label: "Rejected", tone: "bg-red-100 text-red-800" };
                const shown = b.products.slice(0, 3);
                return (
                  <li key={b.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
                    <div className="flex items-start justify-between gap-3">
                      <div>
                        <h3 className="font-semibold">
                          {b.approvalStatus === "approved" ? <Link to={`/businesses/${b.id}`} className="hover:underline">{b.name}</Link> : b.name}
                        </h3>
                        <p className="text-sm text-gray-600">
                          {[b.category, b.state].filter(Boolean).join(" · ")}
                        </p>
                      </div>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
                    </div>
                    {status.label === "Rejected" && b.rejectionReason ? (
                      <p className="mt-2 text-sm text-red-700">Reason: {b.rejectionReason}</p>
                    ) : null}
                    {shown.length > 0 ? (
                      <p className="mt-2 text-sm text-gray-700">
                        {shown.join(", ")}
                        {b.products.length > 3 ? ` +${b.products.length - 3} more` : ""}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </main>
  );
}
