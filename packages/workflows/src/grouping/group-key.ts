/**
 * Which group of a rule an instance belongs to: the values of the rule's `groupBy` labels, so
 * instances differing in one of them are told apart. No `groupBy` is one group per rule; a missing
 * label counts as empty.
 *
 * @example
 * groupKeyOf({ region: 'eu', pod: 'a-1' }, ['region']); // '[["region","eu"]]'
 * groupKeyOf({ region: 'eu' }, []); // ''
 */
export function groupKeyOf(labels: Readonly<Record<string, string>>, groupBy: readonly string[]): string {
  if (groupBy.length === 0) return '';
  const names = [...new Set(groupBy)].sort();
  return JSON.stringify(names.map((name) => [name, labels[name] ?? '']));
}

/**
 * The window an endpoint's messages about a group share. A page (SMS, voice) has one window per
 * endpoint, whatever the rule or group, so a storm across rules still makes at most one call or SMS
 * per interval; other endpoints have one per rule and group.
 *
 * @example
 * groupWindowKey({ ruleId: 'r_1', endpointId: 'ep_chat', groupKey: '', lane: 'chat' }); // 'r_1:ep_chat:'
 * groupWindowKey({ ruleId: 'r_1', endpointId: 'ep_sms', groupKey: '', lane: 'page' }); // 'page:ep_sms'
 */
export function groupWindowKey(subject: {
  readonly ruleId: string;
  readonly endpointId: string;
  readonly groupKey: string;
  readonly lane: 'page' | 'email' | 'chat';
}): string {
  const { ruleId, endpointId, groupKey, lane } = subject;
  return lane === 'page' ? `page:${endpointId}` : `${ruleId}:${endpointId}:${groupKey}`;
}
