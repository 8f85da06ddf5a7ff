import { filterCases } from './filter-cases';
import { giftingCases } from './gifting-cases';
import { graphqlCases } from './graphql-cases';
import type { HostileCase } from './hostile-case';
import { inputCases } from './input-cases';
import type { StallGuardSettings } from './stall-guard-settings';
import { streamCases } from './stream-cases';
import { templateCases } from './template-cases';

/**
 * Every case of the run, in order. Gifting goes last: on a service without chat-lane fairness its
 * tarpit sends hold the chat workers for their 20 s attempts after the case is over.
 */
export function allCases(settings: StallGuardSettings): HostileCase[] {
  const full = settings.mode === 'full';
  return [
    ...graphqlCases(full),
    ...filterCases(full),
    ...templateCases(full),
    ...inputCases(full),
    ...streamCases(settings.liveStreams),
    ...giftingCases(settings.giftingHoldMs),
  ];
}
