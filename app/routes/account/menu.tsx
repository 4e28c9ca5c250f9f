import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/menu";
import { DataSaverSwitch } from "~/components/data-saver";
import { SITE_NAME } from "~/components/site";
import { LogoutButton } from "~/features/profile/components/logout-button";
import { msg, t } from "~/lib/i18n/i18n";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = () => [
  { title: t("Menu | {{site}}", { site: SITE_NAME }) },
  { name: "description", content: t("Your profile, messages, notifications, saved businesses, help, feedback and pricing.") },
];

const SIGNED_IN_LINKS = [
  { to: "/profile", label: msg("Profile") },
  { to: "/messages", label: msg("Messages") },
  { to: "/notifications", label: msg("Notifications") },
] as const;

const PUBLIC_LINKS = [
  // Saved on this device, or with the account once signed in (issue 32: /saved had no way in from the menu).
  { to: "/saved", label: msg("Saved businesses") },
  // Issue 34: 'Know a business we're missing? Suggest it' (signed-out visitors log in first and come back).
  { to: "/suggest", label: msg("Suggest a missing business") },
  { to: "/help", label: msg("Help & Support") },
  { to: "/feedback", label: msg("Feedback") },
  { to: "/pricing", label: msg("Pricing") },
] as const;

const row = "flex items-center justify-between px-5 py-3.5 font-medium hover:bg-gray-50";

/** The menu (spec 02): own pages only when signed in; help, feedback and pricing always. */
export default function Menu() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const links = user ? [...SIGNED_IN_LINKS, ...PUBLIC_LINKS] : PUBLIC_LINKS;
  return (
    <div className="page max-w-lg space-y-5">
      <h1 className="title">{t("Menu")}</h1>
      <nav aria-label={t("Menu")} className="card">
        <ul className="divide-y divide-gray-100">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={row}>
                {t(link.label)} <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
        {user && <DataSaverSwitch className={`border-t border-gray-100 ${row}`} />}
      </nav>
      {user ? (
        // Without a failure text of its own it shows the server's: 'Failed to sign out. Please try again.'
        <LogoutButton label={t("Sign Out")} className="btn btn-outline w-full text-red-700" />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <Link to="/login" className="btn btn-outline">
            {t("Sign In")}
          </Link>
          <Link to="/register" className="btn btn-primary">
            {t("Sign Up")}
          </Link>
        </div>
      )}
    </div>
  );
}
