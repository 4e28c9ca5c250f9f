import { NavLink } from "react-router";
import { msg, t } from "~/lib/i18n/i18n";
import { dashboardLabel, type ShellUser } from "./navigation";

/** The desktop sidebar's main links as [path, label] (English, msg()-marked: shown with t()); signed-in users also get their own pages. */
export function sidebarLinks(user: Pick<ShellUser, "role"> | null): [string, string][] {
  const own: [string, string][] = user
    ? [["/messages", msg("Messages")], ["/dashboard", dashboardLabel(user.role)], ["/notifications", msg("Notifications")], ["/profile", msg("Profile")]]
    : [];
  return [["/", msg("Home")], ["/businesses", msg("Businesses")], ...own, ["/pricing", msg("Pricing")], ["/help", msg("Help")], ["/menu", msg("Menu")]];
}

/** Collapsible left sidebar from 768px up; phones use the bottom navigation instead. */
export function Sidebar({ open, user }: { open: boolean; user: ShellUser | null }) {
  return (
    <nav id="app-sidebar" aria-label={t("Sidebar")} className={`${open ? "md:block" : ""} hidden w-56 shrink-0 border-r border-gray-200 bg-white p-3 text-sm font-medium`}>
      <ul className="sticky top-17">
        {sidebarLinks(user).map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} className="nav-link">
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
