/** How an enhancement goes to another page: a document load on reader pages, the router's navigate in the app. */
export type Navigate = (href: string) => void;

export const loadPage: Navigate = (href) => location.assign(href);
