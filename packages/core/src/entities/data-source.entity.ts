import { defineEntity, p } from '@mikro-orm/core';
import { DATA_SOURCE_TYPE_VALUES } from '@oncall/contracts';
import { newId } from './new-id';

/**
 * The data-source types of the built-in source plugins, in their catalog order, as tests and fakes
 * name them. What a data source may be is the loaded plugins' `dataSourceTypes`, not this list.
 */
export const DATA_SOURCE_TYPES = DATA_SOURCE_TYPE_VALUES;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/**
 * A monitoring system the service talks to or hears from. `type` is a loaded source plugin's
 * data-source type, checked by the use case rather than the database, so a plugin package brings
 * its type without a migration. Connection secrets (API token, password) are sealed together;
 * webhook types also get an ingestion token, looked up by its keyed hash and sealed for display to
 * admins.
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
    type: p.text().index(),
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
