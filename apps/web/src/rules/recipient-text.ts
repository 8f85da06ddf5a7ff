/** What the delivery log says about the person a flow's people step paged. */
export interface PagedRecipient {
  readonly userId: string;
  readonly name: string | null;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  /** null when the schedule was deleted, or the reader may not use it (the server does not name it). */
  readonly scheduleName: string | null;
  readonly overrideId?: string;
  /** The person's notification rule that paged this endpoint; absent: they have none. */
  readonly rule?: { readonly urgency: 'default' | 'high'; readonly delayMinutes: number };
  readonly stepIndex: number;
}

function ruleText(rule: PagedRecipient['rule']): string {
  if (rule === undefined) return '';
  const when = rule.delayMinutes === 0 ? 'at once' : `after ${rule.delayMinutes} min`;
  return ` (their ${rule.urgency === 'high' ? 'high-urgency ' : ''}rule: ${when})`;
}

/**
 * Who a page reached and why, in words for the delivery log, e.g. "Ana, on call in Primary (an
 * override), step 1", and by which of their notification rules: "step 1 (their rule: after 2 min)".
 *
 * @example
 * recipientText({ userId: 'u1', name: 'Ana', via: 'user', scheduleName: null, stepIndex: 0 }); // 'Ana, named by step 1'
 */
export function recipientText(recipient: PagedRecipient): string {
  const who = recipient.name ?? 'a deleted user';
  const schedule = recipient.scheduleName ?? 'a schedule you cannot see';
  const step = `step ${recipient.stepIndex + 1}${ruleText(recipient.rule)}`;
  switch (recipient.via) {
    case 'schedule':
      return `${who}, on call in ${schedule}${recipient.overrideId ? ' (an override)' : ''}, ${step}`;
    case 'teamAdmins':
      return `${who}, team admin: nobody on call in ${schedule}, ${step}`;
    case 'team':
      return `${who}, in the team of ${step}`;
    case 'user':
      return `${who}, named by ${step}`;
  }
}
