import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the spec's route tables. Later issues add their screens here.
export default [
  index("routes/public/home.tsx"),
  route("businesses", "routes/public/businesses.tsx"),
  // /businesses/{id} is canonical; /business/{id} serves the same page with a canonical link.
  route("businesses/:id", "routes/public/business-detail.tsx", { id: "business-detail" }),
  route("business/:id", "routes/public/business-detail.tsx", { id: "business-detail-alias" }),
  // Landing pages (issue 17): categories and states, server-rendered, in the sitemap; empty ones answer 404.
  route("categories", "routes/public/categories.tsx"),
  route("categories/:category", "routes/public/landing.tsx", { id: "landing-category" }),
  route("states/:state", "routes/public/landing.tsx", { id: "landing-state" }),
  route("states/:state/:place", "routes/public/landing.tsx", { id: "landing-state-place" }),
  // Counted contact links (issue 18): /go/{id}/call|whatsapp|website|directions answer 302 to the address
  route("go/:id/:channel", "routes/public/go.ts"),
  // The 'Data saver' switch (issue 20, ADR 32): a POST remembers the choice in a cookie and goes back
  route("data-saver", "routes/public/data-saver.ts"),
  // The language switch of a signed-in person (issue 36, ADR 40): a POST remembers the choice and opens the page in
  // it. Every route here also answers under /pcm, /ha, /yo and /ig (server/app.ts: the prefix is the basename).
  route("language", "routes/public/language.ts"),
  // Accounts (spec 01 §2 Login, Register)
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("register/:type", "routes/auth/register-account.tsx"),
  // Owners (role business)
  route("dashboard", "routes/owner/dashboard.tsx"),
  // The owner's payments and printable receipts (issue 15; a receipt also opens for admins)
  route("dashboard/payments", "routes/owner/payments.tsx"),
  route("dashboard/payments/:reference", "routes/owner/payment-receipt.tsx"),
  // The owner's analytics (issue 18): the dashboard page and its CSV download (Premium)
  route("dashboard/analytics", "routes/owner/analytics.tsx"),
  route("dashboard/analytics.csv", "routes/owner/analytics-csv.ts"),
  route("kyc-verification", "routes/owner/kyc-verification.tsx"),
  // Verification levels (issue 35): the owner's page, and what each level means for everyone
  route("dashboard/verification", "routes/owner/verification.tsx"),
  route("verification", "routes/public/verification.tsx"),
  route("business/create", "routes/owner/business-create.tsx"),
  route("business/edit/:id", "routes/owner/business-edit.tsx"),
  route("business/prices/:id", "routes/owner/business-prices.tsx"),
  route("business/claim/:id", "routes/owner/business-claim.tsx"),
  // A listing's offers (issue 37): the owner posts, edits and withdraws them; admins review them at /admin/offers
  route("business/offers/:id", "routes/owner/business-offers.tsx"),
  // Profile, menu, help, feedback (spec 02)
  route("profile", "routes/account/profile.tsx"),
  // Privacy (NDPA 2023): the person's data as a JSON download, and the privacy notice
  route("profile/export", "routes/account/profile-export.ts"),
  // The weekly summary's one-click unsubscribe (issue 18): public, a GET only asks, a POST with the token unsubscribes
  route("unsubscribe", "routes/account/unsubscribe.tsx"),
  // The link of an e-mail change (issue 33): public, a GET only asks, a POST with the token confirms.
  route("confirm-email", "routes/account/confirm-email.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("menu", "routes/account/menu.tsx"),
  route("help", "routes/account/help.tsx"),
  route("feedback", "routes/account/feedback.tsx"),
  // Reporting a listing or a message (issue 16): signed-in users only
  route("report", "routes/account/report.tsx"),
  // Suggestions (issue 34): a missing business, or a change to a listing; signed-in users only
  route("suggest", "routes/account/suggest.tsx", { id: "suggest" }),
  route("suggest/:id", "routes/account/suggest.tsx", { id: "suggest-listing" }),
  // Plans and payments (spec 02 §9)
  route("pricing", "routes/plans/pricing.tsx"),
  route("featured-plans", "routes/plans/featured-plans.tsx"),
  route("payment", "routes/plans/payment.tsx"),
  // Admin panel (spec 02 §2): guard admin and business, panel for admins only
  route("admin", "routes/admin/admin.tsx"),
  route("admin/security", "routes/admin/security.tsx"),
  route("admin/offers", "routes/admin/offers.tsx"),
  // Messaging and notifications (spec 01 §2 Messages, spec 02 Notifications page)
  route("messages", "routes/messages/messages.tsx"),
  route("notifications", "routes/notifications/notifications.tsx"),
  // Request a quote (issue 37): the visitor's requests, a new one, and one request (its requester, its businesses' owners)
  route("quotes", "routes/quotes/quotes.tsx"),
  route("quotes/new", "routes/quotes/quote-new.tsx"),
  route("quotes/:id", "routes/quotes/quote.tsx"),
  // Works offline (issue 20, ADR 30): saved businesses (the account's, or the device's) and the service worker's offline page
  route("saved", "routes/offline/saved.tsx"),
  route("offline", "routes/offline/offline.tsx"),
  route("404", "routes/public/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/public/not-found.tsx", { id: "not-found-catch-all" }),
] satisfies RouteConfig;
