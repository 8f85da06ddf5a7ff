export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface PageQuery {
  page: number;
  perPage: number;
}

/** A slice of a list plus what a client needs to page through it; transports pick the envelope. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.perPage;
}

export function mapPage<T, U>(page: Page<T>, map: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(map) };
}
