/** What the delivery log says about the person a flow's people step paged. */
export interface PagedRecipient {
  readonly userId: string;
  readonly name: string | null;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  readonly scheduleName: string | null;
  readonly overrideId?: string;
  readonly stepIndex: number;
}

/**
 * Who a page reached and why, in words for the delivery log, e.g. "Ana, on call in Primary (an
 * override), step 1".
 *
 * @example
 * recipientText({ userId: 'u1', name: 'Ana', via: 'user', scheduleName: null, stepIndex: 0 }); // 'Ana, named by step 1'
 */
export function recipientText(recipient: PagedRecipient): string {
  const who = recipient.name ?? 'a deleted user';
  const schedule = recipient.scheduleName ?? 'a deleted schedule';
  const step = `step ${recipient.stepIndex + 1}`;
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
