import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { typed } from './route-context';

const params = z.object({ token: z.string().min(1).max(512) });
const answer = z.object({ status: z.literal(true), alerts: z.number().int(), matched: z.number().int() });

/**
 * `/{type}-alert/{token}` for every loaded source plugin (grafana, zabbix, splunk, sentry, pmm, …):
 * the body is the vendor's own payload, validated by the plugin, never reshaped by the sender.
 */
export function webhookRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  for (const type of core.webhooks.types()) {
    r.post(
      `/${type}-alert/:token`,
      { schema: { tags: ['ingestion'], security: [], params, body: z.unknown(), response: { 200: answer } } },
      (request) => core.webhooks.receive(type, request.params.token, request.body),
    );
  }
}
