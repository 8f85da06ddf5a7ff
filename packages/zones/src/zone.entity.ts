import { defineEntity, p } from '@mikro-orm/core';
import { AlertRule } from '@oncall/core/persistence';

/**
 * An agent zone registered on this main: where it answers (`url`), the hash of its token (null once
 * revoked), the key assertions to it are signed with (sealed), what it last said in a heartbeat,
 * and the alert rule that pages when it falls silent. Written by plain statements and the ORM.
 */
const ZoneSchema = defineEntity({
  name: 'Zone',
  tableName: 'zones',
  properties: {
    id: p.uuid().primary(),
    name: p.string().unique(),
    url: p.text(),
    /** SHA-256 (hex) of the token; null when revoked. */
    tokenHash: p.text().nullable(),
    /** The last four characters of the token, to tell tokens apart in lists. */
    tokenHint: p.text().nullable(),
    /** HMAC of the token that signs assertions to the agent, sealed with the instance key. */
    sealedSigningKey: p.text().nullable(),
    silenceRule: () => p.manyToOne(AlertRule).nullable().deleteRule('set null'),
    lastHeardAt: p.datetime().nullable(),
    version: p.text().nullable(),
    lagMs: p.integer().nullable(),
    /** Whether the silence alert is open (fired and not yet resolved by a heartbeat). */
    silent: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class Zone extends ZoneSchema.class {}
ZoneSchema.setClass(Zone);

/** The entities this module adds to the ORM's explicit list. */
export const zoneEntities = [Zone];
