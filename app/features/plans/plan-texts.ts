/** Texts of the pricing and featured-plans screens. Client-safe and small (no reference lists). */
export const PRICING_TEXTS = {
  title: "Choose Your Plan",
  intro: "Start free with one listing. Upgrade to list up to three businesses and reach more customers.",
  mostPopular: "Most Popular",
  popular: "Popular",
  currentPlan: "Current Plan",
  signInPrompt: "Sign in or create a business account to choose a plan.",
  chosen: "You chose the {plan} plan.",
  continueToPayment: "Continue to payment",
  faqTitle: "Frequently Asked Questions",
} as const;

/** The pricing FAQ: four questions (spec 02 §9). */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "Can I change my plan later?",
    answer:
      "Yes. You can upgrade at any time: a paid plan starts as soon as your payment is confirmed and runs for 30 days. Paying again for the plan you already have adds 30 days to it.",
  },
  {
    question: "What happens when my paid plan ends?",
    answer:
      "Your listings stay online. You can keep editing them, but you can only add new listings within the Free plan's limit of one until you renew.",
  },
  {
    question: "How do I pay?",
    answer:
      "Online, on the payment page that follows your choice. Prices are in Naira (NGN); you see the exact amount before you pay, and every payment gets a reference you can quote to our support team.",
  },
  {
    question: "What is a featured listing?",
    answer:
      "Featured listings appear first in search results and on the home page. Choose a featured plan for one of your approved listings; an admin reviews the request and the placement runs for the plan's period.",
  },
];

export const FEATURED_TEXTS = {
  title: "Featured Plans",
  intro: "Put your business at the top of search results and on the home page.",
  chooseListing: "Listing to feature",
  noListings: "You have no approved listing that can be featured right now. Featured or already requested listings are not shown.",
  signIn: "Sign in with your business account to feature one of your listings.",
  businessOnly: "Featured placement is for business accounts.",
  summary: "Order Summary",
  pay: "Pay",
  processing: "Processing payment…",
} as const;
