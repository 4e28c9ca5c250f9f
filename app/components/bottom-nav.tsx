import { Link } from "react-router";
import { t } from "~/lib/i18n/i18n";
import { activeBottomNavKey, bottomNavItems } from "./navigation";

/** Fixed bottom navigation for signed-in users on phones (spec 01 §2, Navigation chrome). */
export function BottomNav({ pathname, role }: { pathname: string; role: string }) {
  const active = activeBottomNavKey(pathname);
  return (
    <nav aria-label={t("Bottom navigation")} className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden">
      <ul className="grid h-16 grid-cols-5 text-xs font-medium text-gray-600">
        {bottomNavItems(role).map(({ key, href, label, icon }) => (
          <li key={key} className="flex">
            <Link
              to={href}
              aria-current={key === active ? "page" : undefined}
              className="group flex flex-1 flex-col items-center justify-center gap-0.5 aria-[current=page]:text-brand-700"
            >
              {key === "businesses" ? (
                // The centre button is the logo.
                <span className="logo-mark -mt-7 h-12 w-12 rounded-xl ring-4 ring-white group-aria-[current=page]:ring-brand-500" />
              ) : (
                <span className={`i ${icon} h-6 w-6`} />
              )}
              <span className={key === "businesses" ? "sr-only" : ""}>{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
