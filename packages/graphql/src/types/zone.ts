import type { ZoneStateView } from '@oncall/zones';
import type { Builder } from '../builder';

export const zoneType = (builder: Builder) =>
  builder.objectRef<ZoneStateView>('Zone').implement({
    description: 'An agent zone registered on this main, and its state (never its token).',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      url: t.exposeString('url'),
      token: t.exposeString('token', { description: 'Masked (`********abcd`); empty once revoked.' }),
      revoked: t.exposeBoolean('revoked'),
      connected: t.exposeBoolean('connected', { description: 'Heard from within the silence bound.' }),
      lastHeardAt: t.exposeString('lastHeardAt', { nullable: true, description: 'ISO 8601 timestamp.' }),
      version: t.exposeString('version', { nullable: true }),
      lagMs: t.exposeInt('lagMs', {
        nullable: true,
        description: 'How long the last heartbeat took to arrive.',
      }),
      silent: t.exposeBoolean('silent', { description: 'Whether its silence alert is open.' }),
      createdAt: t.exposeString('createdAt'),
    }),
  });
