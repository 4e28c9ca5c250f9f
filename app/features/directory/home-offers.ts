/** The home page's 'Special Offers' slides (spec 01 §2: 3 static slides). */
export const HOME_OFFERS = [
  { title: "List your business for free", text: "Reach customers in all 36 states and FCT.", to: "/register", cta: "Get Started", tone: "from-brand-700 to-brand-500" },
  { title: "Get featured, get found", text: "Featured businesses show first in search and on the home page.", to: "/featured-plans", cta: "See Featured Plans", tone: "from-amber-600 to-amber-500" },
  { title: "Trusted services near you", text: "Plumbers, electricians, hotels and more, one message away.", to: "/businesses", cta: "Browse Businesses", tone: "from-sky-700 to-sky-500" },
] as const;
