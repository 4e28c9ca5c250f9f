import { Link } from "react-router";
import { t } from "../../../lib/i18n/i18n";

/** The header bell: a link to /notifications with the unread count as a badge (none at 0). */
export function BellLink({ count }: { count: number }) {
  return (
    <Link to="/notifications" className="icon-btn" aria-label={count > 0 ? t("Notifications, {{count}} unread", { count }) : t("Notifications")}>
      <span className="i i-bell h-6 w-6" />
      {count > 0 && (
        <span data-testid="unread-badge" className="badge absolute -right-0.5 -top-0.5 min-w-5 bg-red-600 text-center">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
