import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ACCOUNT_TEXTS } from "~/features/accounts/account.schemas";
import { signOut } from "~/features/accounts/sign-out.server";

export function loader() {
  // Signing out changes state: only by POST (a link or prefetch must not sign anyone out).
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const result = await signOut(request);
  if (!result.ok) return data({ error: ACCOUNT_TEXTS.signOutFailed }, { status: 500 });
  throw redirect("/?signedOut=true", { headers: result.headers });
}
