import { useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { splitLocalePath } from "../../../lib/i18n/locales";
import type { Role } from "../../../lib/reference";
import { BellLink } from "./bell-link";
import { refreshScheduler } from "./refresh-scheduler";

type Props = { userId: string; role: Role; initialCount: number };

function audienceIncludes(audience: unknown, role: Role): boolean {
  if (audience === "visitors") return role === "visitor";
  if (audience === "businesses") return role === "business";
  return true;
}

/** The address's path without its language prefix (issue 36: /ha/businesses is the results page too). */
function isDirectoryPage(address: string): boolean {
  const { path: pathname } = splitLocalePath(address);
  return pathname === "/" || pathname === "/businesses" || pathname.startsWith("/businesses/") || pathname.startsWith("/business/");
}

/**
 * The bell with a live count, for signed-in users only (the header loads this module lazily, so anonymous pages
 * carry none of it). It opens the page's live stream and also refreshes the directory lists when a business is
 * approved or featured, and the page's data after an admin notification or a long disconnection.
 */
export default function LiveBell({ userId, role, initialCount }: Props) {
  const root = useRouteLoaderData("root") as { realtimeCursor?: number } | undefined;
  const cursor = root?.realtimeCursor ?? 0;
  // The loader's count is the truth as of `cursor`; later events move it.
  const [live, setLive] = useState({ count: initialCount, appliedId: cursor, baseCount: initialCount, baseCursor: cursor });
  let shown = live;
  if (live.baseCount !== initialCount || live.baseCursor !== cursor) {
    // Fresh loader data wins, unless an event newer than its cursor already arrived (the page loaded while it
    // committed): that event's count is the newer one.
    const liveIsNewer = live.appliedId > cursor;
    shown = { count: liveIsNewer ? live.count : initialCount, appliedId: Math.max(cursor, live.appliedId), baseCount: initialCount, baseCursor: cursor };
    setLive(shown);
  }

  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  const cursorRef = useRef(cursor);
  // A refresh waits for a navigation in flight (refresh-scheduler.ts).
  const navigation = useNavigation();
  const navigatingRef = useRef(navigation.state !== "idle");
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
    cursorRef.current = cursor;
    navigatingRef.current = navigation.state !== "idle";
  });

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const refresher = refreshScheduler(
      () => navigatingRef.current,
      () => void revalidateRef.current(),
    );
    const refreshSoon = refresher.soon;
    void import("../../../lib/realtime-client").then(({ connectRealtime, subscribeRealtime }) => {
      if (cancelled) return;
      connectRealtime(userId, cursorRef.current);
      unsubscribe = subscribeRealtime((event) => {
        const count = event.payload.unreadCount;
        if (typeof count === "number") {
          setLive((state) => (event.id > state.appliedId ? { ...state, count, appliedId: event.id } : state));
        }
        if (event.type === "directory.changed" && isDirectoryPage(window.location.pathname)) {
          refreshSoon(300 + Math.random() * 1200);
        } else if (event.type === "notifications.changed" && audienceIncludes(event.payload.audience, role)) {
          // Everyone in the audience hears it at once: spread the reloads over ten seconds.
          refreshSoon(Math.random() * 10_000);
        } else if (event.type === "resync") {
          refreshSoon(0);
        }
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
      refresher.cancel();
    };
  }, [userId, role]);

  // Signed out (or another account): the stream closes with the bell.
  useEffect(
    () => () => {
      void import("../../../lib/realtime-client").then(({ disconnectRealtime }) => disconnectRealtime());
    },
    [userId],
  );

  return <BellLink count={shown.count} />;
}
