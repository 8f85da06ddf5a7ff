import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { type AlertSignal, applySignal, type Clock, type Orchestrator } from '@oncall/core';
import { AlertRule, Endpoint, queryRows, User } from '@oncall/core/persistence';

/** The agent's own rule that pages when it cannot reach its main. */
export const MAIN_SILENCE_RULE = 'The main is unreachable';
const FINGERPRINT = 'main-unreachable';
const RULE_ENDPOINTS = 20;

/**
 * Opens or resolves the agent's local alert about its main. The rule is made on first need, owned
 * by the system admin and paging that user's endpoints (change them like any rule's): the agent
 * must page here precisely when the main, where people and endpoints are managed, is out of reach.
 */
export async function signalMainSilence(
  deps: { orm: MikroORM; orchestrator: Orchestrator; clock: Clock },
  what: 'fire' | 'resolve',
  reason: string,
): Promise<void> {
  await deps.orm.em.fork().transactional(async (tx) => {
    const ruleId = what === 'fire' ? await ensureRule(tx) : await existingRule(tx);
    if (!ruleId) return;
    await applySignal(
      tx,
      { orchestrator: deps.orchestrator, clock: deps.clock },
      ruleId,
      signal(what, reason),
    );
  });
}

async function existingRule(tx: EntityManager): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(tx, 'select id from alert_rules where name = ?', [
    MAIN_SILENCE_RULE,
  ]);
  return row?.id ?? null;
}

async function ensureRule(tx: EntityManager): Promise<string | null> {
  const existing = await existingRule(tx);
  if (existing) return existing;
  const admin = await tx.findOne(User, { isSystemAdmin: true }, { orderBy: { createdAt: 'asc' } });
  if (!admin) return null;
  const rule = tx.create(AlertRule, {
    name: MAIN_SILENCE_RULE,
    description:
      'Fires when this agent zone has not reached its main for ZONE_MAIN_SILENT_AFTER_SECONDS; resolves when it does.',
    type: 'api',
    owner: admin,
    settings: {},
    showAcknowledgeBtn: true,
  });
  rule.endpoints.set(
    await tx.find(Endpoint, { owner: admin }, { limit: RULE_ENDPOINTS, orderBy: { createdAt: 'asc' } }),
  );
  await tx.flush();
  return rule.id;
}

function signal(what: 'fire' | 'resolve', reason: string): AlertSignal {
  return {
    fingerprint: FINGERPRINT,
    alertname: 'main unreachable',
    instance: 'main',
    state: what === 'fire' ? 'critical' : 'resolved',
    kind: what === 'fire' ? 'fired' : 'resolved',
    description: reason,
    summary: reason,
    labels: { alertname: 'main unreachable' },
    details: {},
  };
}
