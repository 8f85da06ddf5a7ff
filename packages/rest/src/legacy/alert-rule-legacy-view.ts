import type { Actor, AlertRuleLegacyFacts, AlertRuleView, Core } from '@oncall/core';

/** The fields the original web UI reads beside a rule's own (`alertRuleLegacyFieldsSchema`). */
function legacyFields(view: AlertRuleView, facts: AlertRuleLegacyFacts | undefined) {
  const autoResolves = view.enableAutoResolve === true;
  return {
    // Every rule form of the UI validates a string here: a rule saved without one answers "".
    description: view.description ?? '',
    status_label: view.state,
    count_endpoints: facts?.countEndpoints ?? 0,
    isPinned: view.pinned,
    is_silent: view.silentStatus === 'silent',
    hasActionAccess: facts?.hasActionAccess ?? false,
    acknowledgedBy: facts?.acknowledgedBy ?? null,
    ownerName: view.owner.name || view.owner.username,
    ...(view.dataSourceIds.length > 0 ? { dataSourceLabels: facts?.dataSourceLabels ?? [] } : {}),
    enableAutoResolve: autoResolves,
    // Minutes a rule keeps from when it auto-resolved are not shown while it does not.
    autoResolveMinutes:
      autoResolves && typeof view.autoResolveMinutes === 'number' ? view.autoResolveMinutes : 0,
  };
}

export type LegacyAlertRuleView = AlertRuleView & ReturnType<typeof legacyFields>;

/** Rules as REST answers them: each view with the legacy web UI's fields added, none renamed. */
export async function withLegacyRuleFields(
  core: Core,
  actor: Actor,
  views: readonly AlertRuleView[],
): Promise<LegacyAlertRuleView[]> {
  const facts = await core.alertRuleLegacyFacts.of(actor, views);
  return views.map((view) => ({ ...view, ...legacyFields(view, facts.get(view.id)) }));
}

/** One rule as REST answers it (`withLegacyRuleFields`). */
export async function withLegacyRuleField(
  core: Core,
  actor: Actor,
  view: AlertRuleView,
): Promise<LegacyAlertRuleView> {
  const facts = await core.alertRuleLegacyFacts.of(actor, [view]);
  return { ...view, ...legacyFields(view, facts.get(view.id)) };
}
