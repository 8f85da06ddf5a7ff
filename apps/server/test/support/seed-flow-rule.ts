import type { DeliveringTestApp } from './delivering-test-app';
import { type Headline, messagesAbout } from './delivery-fakes';
import { seedApiRule, seedChannelEndpoints, seedFlowEndpoint } from './seed-delivery';

/**
 * A rule (with the acknowledge button) whose only endpoint is a flow: the endpoint owner's SMS, wait
 * ten minutes, their Telegram. `headlines` lists the messages about the rule one channel received.
 */
export async function seedSmsThenTelegramFlowRule(
  h: DeliveringTestApp,
  name: string,
  owners: { endpointOwnerId: string; flowOwnerId: string },
) {
  const { sms, telegram } = await seedChannelEndpoints(h.t, owners.endpointOwnerId, h.fakes);
  const flowId = await seedFlowEndpoint(h.t, owners.flowOwnerId, [
    { type: 'endpoint', endpointIds: [sms.id] },
    { type: 'wait', duration: 10, timeUnit: 'm' },
    { type: 'endpoint', endpointIds: [telegram.id] },
  ]);
  const rule = await seedApiRule(h.t, { name, endpointIds: [flowId], showAcknowledgeBtn: true });
  const headlines = (kind: 'sms' | 'telegram', headline?: Headline) =>
    messagesAbout(h.fakes, rule.name, headline).filter((message) => message.kind === kind);
  return { ...rule, sms, telegram, headlines };
}
