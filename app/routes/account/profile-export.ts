import type { Route } from "./+types/profile-export";
import { requireUser } from "~/features/accounts/guards.server";
import { exportMyData } from "~/features/privacy/export-my-data.server";

/**
 * GET /profile/export: the signed-in person's data as a JSON file (NDPA 2023, right of access). A resource
 * route: the answer is the file itself, an attachment that no cache may keep.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const { fileName, data } = await exportMyData(user);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
