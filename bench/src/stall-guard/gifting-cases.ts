import { startTarpitServer } from '@oncall/fakes';
import type { HostileCase } from './hostile-case';
import { createMemberRule, fireAlert } from './member-rule';

const GIFTED = 8;
const FIRES = 4;

/**
 * Endpoint gifting: the member makes 8 Teams endpoints pointing at a tarpit (accepts, never answers),
 * puts them on a rule of its own, hands each to another user (`POST /endpoint/changeOwner/{id}`),
 * then fires the rule 4 times. Other users' chat pages (the probe's chat endpoint, the admin's) must
 * keep arriving: this case is judged on them as on `/healthz` and the SMS page.
 */
export function giftingCases(holdMs: number): HostileCase[] {
  return [
    {
      name: `endpoint gifting: ${GIFTED} tarpit chat endpoints on one rule given to ${GIFTED} users, ${FIRES} fires`,
      family: 'gifting',
      expect: 'any',
      tailMs: holdMs,
      judgesChat: true,
      prepare: async (context) => {
        const { member, bystanders } = context.seeded;
        const tarpit = await startTarpitServer();
        const endpointIds: string[] = [];
        for (let i = 0; i < GIFTED; i++) {
          const endpoint = await context.api.ok<{ id: string }>('POST', '/api/v1/endpoint', member.token, {
            type: 'teams',
            name: `gift ${i}`,
            value: `${tarpit.url}/hook-${i}`,
          });
          endpointIds.push(endpoint.id);
        }
        const rule = await createMemberRule(context, endpointIds);
        const gifts: number[] = [];
        let unconsented = 0;
        for (const [i, id] of endpointIds.entries()) {
          const receiver = bystanders[i % bystanders.length];
          if (!receiver) throw new Error('The gifting case needs bystander users');
          const offered = await context.api.ok<{ pending: boolean; transfer?: { id: string } }>(
            'POST',
            `/api/v1/endpoint/changeOwner/${id}`,
            member.token,
            { userId: receiver.id },
          );
          if (offered.pending) unconsented++;
          // The receivers accept, so the tarpits still run on endpoints owned by other users.
          if (offered.transfer)
            gifts.push(
              (
                await context.api.call(
                  'POST',
                  `/api/v1/endpoint/transfers/${offered.transfer.id}/accept`,
                  receiver.token,
                )
              ).status,
            );
        }
        const accepted = gifts.filter((status) => status < 300).length;
        return {
          notes: [
            `${GIFTED - unconsented} of ${GIFTED} gifts taken without the receiver's consent; ${accepted} accepted by the receivers`,
          ],
          send: () =>
            Promise.all(
              Array.from({ length: FIRES }, (_, i) =>
                context.send(
                  fireAlert(rule.token, JSON.stringify({ alertname: 'gift', instance: `gift-${i}` })),
                ),
              ),
            ),
          // The first fire's sends, one per gifted endpoint, are still waiting at the tarpit: without
          // them the chat lane was never loaded and other users' pages arriving would prove nothing.
          verify: () => ({
            held: tarpit.held >= GIFTED,
            note: `${tarpit.held} sends held at the tarpit at the window's end (of ${GIFTED} gifted endpoints)`,
          }),
          cleanup: async () => {
            // Ends every held send (they fail and retry into a closed port), then the rule.
            await tarpit.close();
            await context.api.call('DELETE', `/api/v1/alert-rule/${rule.id}`, member.token);
          },
        };
      },
    },
  ];
}
