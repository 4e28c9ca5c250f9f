/** Rows per page on every admin list (paged on the server). */
export const ADMIN_PAGE_SIZE = 20;

/** Pages of a list read on the server: 1-based page numbers, one extra row fetched to know if there is a next. */
export type Paged<T> = { rows: T[]; page: number; hasNext: boolean };

/** Limit/offset for a 1-based page, fetching one extra row to know whether there is a next page. */
export function pageWindow(page: number, size: number) {
  return { limit: size + 1, offset: (Math.max(1, page) - 1) * size };
}

export function toPaged<T>(rows: T[], page: number, size: number): Paged<T> {
  return { rows: rows.slice(0, size), page, hasNext: rows.length > size };
}
