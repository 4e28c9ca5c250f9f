import type { ReactNode } from "react";
import { Link } from "react-router";
import { enhanceSidebar } from "~/enhance/sidebar";
import { t } from "~/lib/i18n/i18n";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import type { ShellUser } from "./navigation";
import { useEnhance } from "./use-enhance";

type HeaderProps = {
  user: ShellUser | null;
  /** The notifications bell, for a signed-in user (the root composes it from the notifications feature). */
  bell: ReactNode;
  /** The sidebar's state when the page was made (the toggle changes it from there). */
  sidebarOpen: boolean;
};

/** The top bar: sidebar toggle (768px up), logo, the language switch, and the bell or Login / Get Started. */
export function Header({ user, bell, sidebarOpen }: HeaderProps) {
  const toggle = useEnhance<HTMLButtonElement>(enhanceSidebar);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-gray-200 bg-white px-3 max-[400px]:px-2">
      <button
        ref={toggle}
        type="button"
        data-enhance="sidebar"
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        aria-label={t("Toggle sidebar")}
        title={t("Toggle sidebar (Ctrl+B)")}
        className="icon-btn max-md:hidden"
      >
        <span className="i i-panel" />
      </button>
      <Logo />
      {/* From 360px the name shows beside the mark: below 400px the header's padding and buttons are a little
          tighter, so logo, Login and Get Started fit a 360px phone (issue 30: 364px wide before). */}
      <div className="ml-auto flex items-center gap-1">
        <LanguageSwitch signedIn={Boolean(user)} variant="menu" />
        {user ? (
          bell
        ) : (
          <>
            <Link to="/login" className="btn px-2.5 hover:bg-gray-100 max-[400px]:px-2">
              {t("Login")}
            </Link>
            <Link to="/register" className="btn btn-primary px-3 max-[400px]:px-2.5">
              {t("Get Started")}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
