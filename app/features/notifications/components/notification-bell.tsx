import { lazy, Suspense } from "react";
import type { Role } from "../../../lib/reference";
import { BellLink } from "./bell-link";

const LiveBell = lazy(() => import("./live-bell"));

/**
 * The header's bell for a signed-in user: the live count's code loads only for them (anonymous pages carry
 * none of it); until it has, the bell shows the page's count.
 */
export function NotificationBell({ userId, role, count }: { userId: string; role: Role; count: number }) {
  return (
    <Suspense fallback={<BellLink count={count} />}>
      <LiveBell userId={userId} role={role} initialCount={count} />
    </Suspense>
  );
}
