import type { Page } from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';

/** One slice of a list and what a client needs to page through it; the same Page the core returns. */
export function pageType<T>(builder: Builder, name: string, item: ObjectRef<BuilderTypes, T>) {
  return builder.objectRef<Page<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (page) => page.items }),
      total: t.exposeInt('total'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
    }),
  });
}
