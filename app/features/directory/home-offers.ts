import { msg } from "../../lib/i18n/i18n";

/** The home page's 'Special Offers' slides (spec 01 §2: 3 static slides); the texts are shown with t(). */
export const HOME_OFFERS = [
  { title: msg("List your business for free"), text: msg("Reach customers in all 36 states and FCT."), to: "/register", cta: msg("Get Started"), tone: "from-brand-700 to-brand-500" },
  { title: msg("Get featured, get found"), text: msg("Featured businesses show first in search and on the home page."), to: "/featured-plans", cta: msg("See Featured Plans"), tone: "from-amber-600 to-amber-500" },
  { title: msg("Trusted services near you"), text: msg("Plumbers, electricians, hotels and more, one message away."), to: "/businesses", cta: msg("Browse Businesses"), tone: "from-sky-700 to-sky-500" },
] as const;
