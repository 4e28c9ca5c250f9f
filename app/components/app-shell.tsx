import { useLocation } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { t } from "~/lib/i18n/i18n";
import { BottomNav } from "./bottom-nav";
import { Header } from "./header";
import { isBottomNavVisible, isFooterVisible, type ShellUser } from "./navigation";
import { Sidebar } from "./sidebar";
import { SiteFooter } from "./site-footer";

export type ShellData = { user: ShellUser | null; sidebarOpen: boolean; bell: ReactNode };

/** Header, desktop sidebar, footer and phone bottom navigation around a page. */
export function AppShell({ user, sidebarOpen, bell, children }: ShellData & { children: ReactNode }) {
  const { pathname } = useLocation();
  const showBottomNav = user && isBottomNavVisible(pathname, true);
  // After a navigation inside the app to another page, focus left on the old page's control (now gone, so on the
  // body) moves to the new page's main content, where a full page load would start too: the next Tab goes to the
  // page's first control, not wherever the old one stood. A page that placed focus itself keeps it.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      <a href="#main" className="btn btn-outline sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50">
        {t("Skip to content")}
      </a>
      {/* The sidebar opens as the cookie said; the header's toggle (and Ctrl+B) is app/enhance/sidebar.ts (ADR 29). */}
      <Header user={user} bell={bell} sidebarOpen={sidebarOpen} />
      <div className="flex min-h-[calc(100vh-3.5rem)]">
        <Sidebar open={sidebarOpen} user={user} />
        <div className={`flex min-w-0 flex-1 flex-col ${showBottomNav ? "max-md:pb-24" : ""}`}>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            {children}
          </main>
          {isFooterVisible(pathname) ? <SiteFooter signedIn={Boolean(user)} /> : null}
        </div>
      </div>
      {showBottomNav && <BottomNav pathname={pathname} role={user.role} />}
    </>
  );
}
