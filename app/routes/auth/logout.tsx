import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ACCOUNT_TEXTS } from "~/features/accounts/account.schemas";
import { signOut } from "~/features/accounts/sign-out.server";
import { failureData } from "~/lib/error-responses.server";

export function loader() {
  // Signing out changes state: only by POST (a link or prefetch must not sign anyone out).
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  let headers: Headers;
  try {
    ({ headers } = await signOut(request));
  } catch (error) {
    return failureData(error, { fallback: ACCOUNT_TEXTS.signOutFailed });
  }
  throw redirect("/?signedOut=true", { headers });
}
