import type { EntityManager } from '@mikro-orm/core';
import type { NotifyRequest, Orchestrator } from '../ports/orchestrator';

/** Queues every notification in `tx`: in one write when the driver can, else one `notify` each. */
export async function notifyEndpoints(
  tx: EntityManager,
  orchestrator: Orchestrator,
  requests: readonly NotifyRequest[],
): Promise<void> {
  if (requests.length === 0) return;
  if (orchestrator.notifyMany) {
    await orchestrator.notifyMany(tx, requests);
    return;
  }
  for (const request of requests) await orchestrator.notify(tx, request);
}
