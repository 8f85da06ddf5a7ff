import type { Page } from '@oncall/core';

/** The paginator envelope legacy clients read (`data`, `current_page`, `last_page`, …). */
export function toLegacyEnvelope<T>(page: Page<T>) {
  const offset = (page.page - 1) * page.perPage;
  const hasItems = page.items.length > 0;
  return {
    data: page.items,
    current_page: page.page,
    per_page: page.perPage,
    total: page.total,
    last_page: Math.max(1, Math.ceil(page.total / page.perPage)),
    from: hasItems ? offset + 1 : null,
    to: hasItems ? offset + page.items.length : null,
  };
}
