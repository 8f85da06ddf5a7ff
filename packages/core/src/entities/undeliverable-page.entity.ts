import { defineEntity, p } from '@mikro-orm/core';

/**
 * A page every provider config of its endpoint failed (`delivery/undeliverable-pages.ts`): one row
 * per alert event and endpoint, whose key makes telling the rule's owner happen once, and which
 * endpoints were told, so a notice that fails in turn tells nobody else. Ids are text, as in
 * `delivery_attempts`, which it annotates.
 */
const UndeliverablePageSchema = defineEntity({
  name: 'UndeliverablePage',
  tableName: 'undeliverable_pages',
  properties: {
    alertEventId: p.text().primary(),
    endpointId: p.text().primary(),
    toldEndpointIds: p.json<string[]>().defaultRaw(`'[]'`),
    createdAt: p.datetime(),
  },
});

export class UndeliverablePage extends UndeliverablePageSchema.class {}
UndeliverablePageSchema.setClass(UndeliverablePage);
