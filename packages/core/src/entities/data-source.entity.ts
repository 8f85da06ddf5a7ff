import { defineEntity, p } from '@mikro-orm/core';
import { DATA_SOURCE_TYPE_VALUES } from '@oncall/contracts';
import { newId } from './new-id';

/** The wire contract owns the list; the entity stores exactly those values. */
export const DATA_SOURCE_TYPES = DATA_SOURCE_TYPE_VALUES;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/**
 * A monitoring system the service talks to or hears from. Connection secrets (API token, password)
 * are sealed together; webhook types also get an ingestion token, looked up by its keyed hash and
 * sealed for display to admins.
 */
const DataSourceSchema = defineEntity({
  name: 'DataSource',
  tableName: 'data_sources',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string().unique(),
    type: p.enum([...DATA_SOURCE_TYPES]).index(),
    url: p.text(),
    username: p.string().nullable(),
    sealedSecrets: p.text().nullable(),
    tokenHash: p.string().nullable().unique(),
    sealedToken: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class DataSource extends DataSourceSchema.class {}
DataSourceSchema.setClass(DataSource);

export { DataSourceSchema };
