import type { Route } from "./+types/analytics-csv";
import { requireUser } from "~/features/accounts/guards.server";
import { exportListingAnalytics } from "~/features/analytics/export-listing-analytics.server";
import { throwRouteError } from "~/lib/error-responses.server";

/**
 * GET /dashboard/analytics.csv?listing=all|<id>&days=7|30|90 (issue 18): the owner's daily figures as a CSV
 * file, Premium only (the use case refuses other plans). An attachment no cache may keep.
 *
 * In every language (issue 36) the file's column headers and its name stay in English: a CSV is read by
 * spreadsheets and other tools, which look its columns up by name (CSV_COLUMNS). Only a refusal is translated
 * (describeError), on the error page around it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const params = new URL(request.url).searchParams;
  try {
    const { filename, body } = await exportListingAnalytics(user, { listing: params.get("listing"), days: params.get("days") });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    throwRouteError(error);
  }
}
