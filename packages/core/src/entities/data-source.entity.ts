import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

/** A data-source type: a loaded source plugin's `dataSourceType` (the registry's `dataSourceTypes`). */
export type DataSourceType = string;

/**
 * A monitoring system the service talks to or hears from. `type` is a loaded source plugin's
 * data-source type, checked by the use case rather than the database, so a plugin package brings
 * its type without a migration. Connection secrets (API token, password) are sealed together;
 * webhook types also get an ingestion token, looked up by its keyed hash and sealed for display to
 * admins. The connection options (time limit, TLS, polling) are plain columns: none of them is a
 * secret, a CA certificate being public.
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
    /** One status check or query of the source ends after this long. */
    timeoutSeconds: p.integer().default(5),
    /** Accept any server certificate: the connection is encrypted but not authenticated. */
    tlsSkipVerify: p.boolean().default(false),
    /** PEM certificates trusted besides the system's roots for an https source. */
    caCertificate: p.text().nullable(),
    /** The name sent as SNI and checked against the certificate, instead of the URL's host. */
    tlsServerName: p.string().nullable(),
    /** How often the host polls the source's active alerts (its plugin's `pollAlerts`); null: never. */
    pollIntervalSeconds: p.integer().nullable(),
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
