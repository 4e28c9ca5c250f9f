/**
 * The 'Request a quote' link of results, landing and category pages (issue 37): /quotes/new with the page's category
 * and place, so the form opens with them chosen. No imports: reader pages carry it without more JavaScript.
 */
export function quoteRequestHref(place: { category?: string | null; state?: string | null; lga?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (place.category) params.set("category", place.category);
  if (place.state) params.set("state", place.state);
  if (place.state && place.lga) params.set("lga", place.lga);
  const query = params.toString();
  return query ? `/quotes/new?${query}` : "/quotes/new";
}
