import { useLocation } from "react-router";
import type { ReactNode } from "react";
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
  return (
    <>
      <a href="#main" className="btn btn-outline sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50">
        Skip to content
      </a>
      {/* The sidebar opens as the cookie said; the header's toggle (and Ctrl+B) is app/enhance/sidebar.ts (ADR 29). */}
      <Header user={user} bell={bell} sidebarOpen={sidebarOpen} />
      <div className="flex min-h-[calc(100vh-3.5rem)]">
        <Sidebar open={sidebarOpen} user={user} />
        <div className={`flex min-w-0 flex-1 flex-col ${showBottomNav ? "max-md:pb-24" : ""}`}>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            {children}
          </main>
          {isFooterVisible(pathname) ? <SiteFooter /> : null}
        </div>
      </div>
      {showBottomNav && <BottomNav pathname={pathname} role={user.role} />}
    </>
  );
}
