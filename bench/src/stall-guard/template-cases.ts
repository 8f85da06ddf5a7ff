import type { HostileCase } from './hostile-case';
import { concurrently } from './hostile-request';
import { createMemberRule, fireAlert } from './member-rule';
import { ISSUE_TEMPLATE, templateCorpus } from './template-corpus';

/** How long a send-time render is looked for after the fires are answered: it runs when the page is sent. */
const SEND_TIME_TAIL_MS = 3_000;

/**
 * Each template through the preview endpoint, once and 8 at once; the issue's also as a template
 * behavior rule at send time, its rule fired once and 8 times at once (8 instances).
 */
export function templateCases(full: boolean): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const attack of templateCorpus(full)) {
    for (const count of [1, 8]) {
      cases.push({
        name: `template preview ${attack.name}${count > 1 ? `, ${count} at once` : ''}`,
        family: 'template',
        expect: 'any',
        prepare: async (context) => {
          const { member, memberChatEndpointId } = context.seeded;
          const rule = await createMemberRule(context, [memberChatEndpointId]);
          return {
            send: () =>
              concurrently(count, () =>
                context.send({
                  method: 'POST',
                  path: `/api/v1/alert-rule-behavior-rule/${rule.id}/preview`,
                  headers: { authorization: `Bearer ${member.token}` },
                  body: JSON.stringify({ template: attack.template }),
                }),
              ),
            cleanup: async () => {
              await context.api.call('DELETE', `/api/v1/alert-rule/${rule.id}`, member.token);
            },
          };
        },
      });
    }
  }
  for (const count of [1, 8]) {
    cases.push({
      name: `template at send time ${ISSUE_TEMPLATE.name}, ${count} fire${count > 1 ? 's at once' : ''}`,
      family: 'template',
      expect: 'any',
      tailMs: SEND_TIME_TAIL_MS,
      prepare: async (context) => {
        const { member, memberChatEndpointId } = context.seeded;
        const rule = await createMemberRule(context, [memberChatEndpointId]);
        const saved = await context.api.call(
          'POST',
          `/api/v1/alert-rule-behavior-rule/${rule.id}`,
          member.token,
          { type: 'template', endpointIds: [memberChatEndpointId], template: ISSUE_TEMPLATE.template },
        );
        return {
          notes: saved.status === 200 ? [] : [`template refused when saved: ${saved.status}`],
          send: () =>
            concurrently(count, (i) =>
              context.send(
                fireAlert(
                  rule.token,
                  JSON.stringify({ alertname: 'stall-guard', instance: `templated-${i}` }),
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
  return cases;
}
