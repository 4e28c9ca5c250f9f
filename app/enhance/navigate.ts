/**
 * How an enhancement goes to another page: a document load on reader pages, the router's navigate in the app. Both
 * take a path without the language prefix (the router adds its basename itself).
 */
export type Navigate = (href: string) => void;

/**
 * A document load in the page's language (issue 36): a page in another language than English is under /<lang>, its
 * <html lang>, so a path of ours gets that prefix ('/businesses?q=x' → '/ha/businesses?q=x').
 */
export const loadPage: Navigate = (href) => {
  const lang = document.documentElement.lang;
  const prefix = lang && lang !== "en" && href.startsWith("/") ? `/${lang}` : "";
  location.assign(prefix && href === "/" ? prefix : `${prefix}${href}`);
};
