import type { Actor, AlertRuleAccessView, AlertRuleNotifyView, Core } from '@oncall/core';

/** `alert-rule-notify/{id}` with the names the original web UI reads (`IAlertRuleEndpoints`) added. */
export function withLegacyNotifyNames(view: AlertRuleNotifyView) {
  return { ...view, alertEndpoints: view.endpoints, selectableEndpoints: view.selectable };
}

/**
 * `alert-rule-user/{id}` with the lists the original web UI reads (`IAlertRuleAccess`) added: the
 * rule's users and teams, and those the caller may pick (every user but itself, every team).
 */
export async function withLegacyAccessLists(core: Core, actor: Actor, view: AlertRuleAccessView) {
  const users = await core.users.all(actor);
  const teams = await core.teams.all(actor);
  return {
    ...view,
    alertUsers: view.users,
    alertTeams: view.teams,
    selectableUsers: users.filter((user) => user.id !== actor.userId),
    selectableTeams: teams,
  };
}
