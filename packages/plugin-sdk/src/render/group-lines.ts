import type { ChannelMessage, MessageGroup } from '../message';

/**
 * The count a grouped message's headline ends with, firing first.
 *
 * @example groupCount({ firing: 5, resolved: 2, items: [], more: 0 }) // '5 firing, 2 resolved'
 */
export function groupCount(group: MessageGroup): string {
  const parts = [
    ...(group.firing > 0 ? [`${group.firing} firing`] : []),
    ...(group.resolved > 0 ? [`${group.resolved} resolved`] : []),
  ];
  return parts.join(', ');
}

/**
 * A group's instances as lines: one per listed instance, then "and N more" and the rule's link.
 *
 * @example
 * groupLines(group)
 * // ['• firing: db-2 down', '• resolved: db-1 down', 'and 3 more', 'All instances: https://…/rules/r_1']
 */
export function groupLines(group: MessageGroup, options: GroupLineOptions = {}): string[] {
  return [
    ...group.items.map((item) => `• ${item.state}: ${item.title}`),
    ...(group.more > 0 ? [`and ${group.more} more`] : []),
    ...(group.ruleUrl && !options.withoutLinks ? [`All instances: ${group.ruleUrl}`] : []),
  ];
}

/** Options of {@link groupLines} and {@link messageText}. */
export interface GroupLineOptions {
  /** Leave out the rule's link (voice calls cannot use it). */
  readonly withoutLinks?: boolean;
}

/**
 * The text a channel shows under the headline: the body, then a group's list when the message
 * carries one. Channels render this instead of `body` so that every one of them shows the group.
 *
 * @example messageText({ ...message, body: 'Disk almost full', group }) // 'Disk almost full\n\n• firing: db-2 down…'
 */
export function messageText(message: ChannelMessage, options: GroupLineOptions = {}): string {
  const body = message.body.trim();
  if (message.group === undefined) return body;
  const list = groupLines(message.group, options).join('\n');
  return body ? `${body}\n\n${list}` : list;
}
