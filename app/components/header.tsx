import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { SessionUser } from "../features/accounts/session-user";
import { BellLink } from "../features/notifications/components/bell-link";
import { Logo } from "./logo";

const LiveBell = lazy(() => import("../features/notifications/components/live-bell"));

type HeaderProps = {
  user: SessionUser | null;
  unreadCount: number;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

/** The top bar: sidebar toggle (768px up), logo, and the bell or Login / Get Started. */
export function Header({ user, unreadCount, sidebarOpen, onToggleSidebar }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-gray-200 bg-white px-3">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        aria-label="Toggle sidebar"
        title="Toggle sidebar (Ctrl+B)"
        className="icon-btn max-md:hidden"
      >
        <span className="i i-panel" />
      </button>
      <Logo />
      <div className="ml-auto flex items-center gap-1">
        {user ? (
          // The live count's code loads only for signed-in users; until it has, the bell shows the page's count.
          <Suspense fallback={<BellLink count={unreadCount} />}>
            <LiveBell userId={user.id} role={user.role} initialCount={unreadCount} />
          </Suspense>
        ) : (
          <>
            <Link to="/login" className="btn px-2.5 hover:bg-gray-100">
              Login
            </Link>
            <Link to="/register" className="btn btn-primary px-3">
              Get Started
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
