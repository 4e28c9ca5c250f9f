/** Rules of the navigation chrome (spec 01 §2, Navigation chrome). Pure and client-safe. */
import { msg } from "../lib/i18n/i18n";
import type { Role } from "../lib/reference";

/** What the chrome needs to know of the signed-in user (the session's user satisfies it). */
export type ShellUser = { id: string; role: Role };

export type BottomNavKey = "home" | "messages" | "businesses" | "dashboard" | "menu";

const BOTTOM_NAV_HIDDEN_PREFIXES = ["/messages", "/admin", "/login", "/register", "/notifications"] as const;

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The bottom navigation shows only to signed-in users, and not on messaging, admin, auth and notification pages. */
export function isBottomNavVisible(pathname: string, isSignedIn: boolean): boolean {
  if (!isSignedIn) return false;
  const path = pathname.toLowerCase();
  return !BOTTOM_NAV_HIDDEN_PREFIXES.some((prefix) => isUnder(path, prefix));
}

/** The site footer (privacy, help, feedback, pricing) ends every page but the chat, which fills the screen. */
export function isFooterVisible(pathname: string): boolean {
  return !isUnder(pathname.toLowerCase(), "/messages");
}

/** The bottom navigation tab a path belongs to; any path starting with /business is the Businesses tab. */
export function activeBottomNavKey(pathname: string): BottomNavKey | null {
  const path = pathname.toLowerCase();
  if (path === "/" || path === "") return "home";
  if (path.startsWith("/business")) return "businesses";
  if (isUnder(path, "/messages")) return "messages";
  if (isUnder(path, "/dashboard")) return "dashboard";
  if (isUnder(path, "/menu")) return "menu";
  return null;
}

/** The dashboard tab is 'Business' for business owners and 'Panel' for everyone else. */
export function dashboardLabel(role: string | null | undefined): "Business" | "Panel" {
  return role === "business" ? msg("Business") : msg("Panel");
}

/** icon: the CSS icon class (app.css); label: the English text (msg()-marked), shown through t(). */
export type NavItem = { key: BottomNavKey; href: string; label: string; icon: string };

/** The five bottom navigation items in order; the centre one is the logo button to /businesses. */
export function bottomNavItems(role: string | null | undefined): NavItem[] {
  return [
    { key: "home", href: "/", label: msg("Home"), icon: "i-home" },
    { key: "messages", href: "/messages", label: msg("Messages"), icon: "i-message" },
    { key: "businesses", href: "/businesses", label: msg("Businesses"), icon: "i-store" },
    { key: "dashboard", href: "/dashboard", label: dashboardLabel(role), icon: "i-store" },
    { key: "menu", href: "/menu", label: msg("Menu"), icon: "i-menu" },
  ];
}
