import type { Page } from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import { type BuilderTypes, builder } from '../builder';
import { AlertRuleType } from './alert-rule';
import { TeamType } from './team';
import { UserType } from './user';

/** One slice of a list and what a client needs to page through it; the same Page the core returns. */
function pageType<T>(name: string, item: ObjectRef<BuilderTypes, T>) {
  return builder.objectRef<Page<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (page) => page.items }),
      total: t.exposeInt('total'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
    }),
  });
}

export const UserPageType = pageType('UserPage', UserType);
export const TeamPageType = pageType('TeamPage', TeamType);
export const AlertRulePageType = pageType('AlertRulePage', AlertRuleType);
