import { filterCorpus } from './filter-corpus';
import type { HostileCase } from './hostile-case';
import { concurrently } from './hostile-request';
import { createMemberRule, fireAlert } from './member-rule';

/**
 * The member saves the pattern as a notification behavior rule on a rule of its own, then fires the
 * instance (the issue's, in the full run, also 8 at once: 8 instances of the same shape) at that rule.
 */
export function filterCases(full: boolean): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const [index, attack] of filterCorpus(full).entries()) {
    // 8 at once for the issue's pattern: on a backtracking matcher each fire holds the process for
    // most of a minute, and the other shapes add nothing that 8 of them would show.
    for (const count of full && index === 0 ? [1, 8] : [1]) {
      cases.push({
        name: `filter ${attack.name}${count > 1 ? `, ${count} fires at once` : ''}`,
        family: 'filter',
        expect: 'any',
        prepare: async (context) => {
          const { member, memberChatEndpointId } = context.seeded;
          const rule = await createMemberRule(context, [memberChatEndpointId]);
          const saved = await context.api.call(
            'POST',
            `/api/v1/alert-rule-behavior-rule/${rule.id}`,
            member.token,
            {
              type: 'notification',
              name: 'stall guard filter',
              filters: [{ key: 'instance', value: attack.pattern }],
              endpointIds: [memberChatEndpointId],
            },
          );
          return {
            notes: saved.status === 200 ? [] : [`pattern refused when saved: ${saved.status}`],
            send: () =>
              concurrently(count, (i) =>
                context.send(
                  fireAlert(
                    rule.token,
                    JSON.stringify({
                      alertname: 'stall-guard',
                      instance: `${attack.instance}${'c'.repeat(i)}`,
                    }),
                  ),
                ),
              ),
            cleanup: async () => {
              await context.api.call('DELETE', `/api/v1/alert-rule/${rule.id}`, member.token);
            },
          };
        },
      });
    }
  }
  return cases;
}
