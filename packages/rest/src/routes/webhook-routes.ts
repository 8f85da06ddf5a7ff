import type { Core, WebhookSource } from '@oncall/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { typed } from './route-context';

const params = z.object({ token: z.string().min(1).max(512) });
const answer = z.object({ status: z.literal(true), alerts: z.number().int(), matched: z.number().int() });

/**
 * `/{type}-alert/{token}` for every loaded source plugin (grafana, zabbix, splunk, sentry, pmm, …):
 * the body is the vendor's own payload, validated by the plugin, never reshaped by the sender. The
 * token is checked when the request arrives, before its body is read or judged.
 */
export function webhookRoutes(app: FastifyInstance, core: Core): void {
  const r = typed(app);
  const admitted = new WeakMap<FastifyRequest, WebhookSource>();
  for (const type of core.webhooks.types()) {
    r.post(
      `/${type}-alert/:token`,
      {
        schema: { tags: ['ingestion'], security: [], params, body: z.unknown(), response: { 200: answer } },
        onRequest: async (request) => {
          const { token } = request.params as { token?: unknown };
          admitted.set(request, await core.webhooks.admit(type, typeof token === 'string' ? token : ''));
        },
      },
      (request) => {
        const source = admitted.get(request);
        if (!source) throw new Error('The webhook token was not checked.');
        return core.webhooks.receive(source, request.body);
      },
    );
  }
}
