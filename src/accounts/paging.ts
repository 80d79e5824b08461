/** A page of a long list, as the account and admin pages show it: numbered from 1, a fixed size. */

export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

const MAX_PAGE = 1_000_000;

/** The page a query asks for: a whole number from 1; anything else (missing, "0", "-3", "abc", "1e9") is page 1. */
export function pageNumberOf(value: unknown): number {
  if (typeof value !== "string" || !/^[0-9]{1,7}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The paging of `total` items, with `requested` moved onto the last page when it lies beyond it. */
export function pagingOf(requested: number, pageSize: number, total: number): Paging {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(requested, pages), pageSize, total, pages };
}

export function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}
