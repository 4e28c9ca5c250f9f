import { useSearchParams } from "react-router";
import { t } from "../../../lib/i18n/i18n";
import { PROFILE_TEXTS } from "../profile-display";

/**
 * 'Logged out successfully' on the page /logout sends the browser to (/?signedOut=true), and the farewell
 * after an account deletion (/?accountDeleted=true).
 */
export function SignedOutNotice() {
  const [params] = useSearchParams();
  const text = params.get("accountDeleted") === "true" ? PROFILE_TEXTS.accountDeleted : params.get("signedOut") === "true" ? PROFILE_TEXTS.loggedOut : null;
  if (!text) return null;
  return (
    <div role="status" className="mx-auto mt-4 max-w-6xl px-4">
      <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">{t(text)}</p>
    </div>
  );
}
