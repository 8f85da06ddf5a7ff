export type GroupAction = 'silence' | 'unsilence' | 'delete';

const rules = (count: number) => `${count} ${count === 1 ? 'alert rule' : 'alert rules'}`;

/** Which rules a group action touches: those the filters match, or those the user ticked. */
export type GroupScope = 'filters' | 'selection';

/** What the confirmation says: the action and how many rules it touches, in words. */
export function groupActionWording(action: GroupAction, count: number, scope: GroupScope = 'filters') {
  const what = rules(count);
  const which = scope === 'selection' ? 'you selected' : 'the filters match';
  switch (action) {
    case 'silence':
      return {
        title: `Silence ${what}?`,
        body: `You will stop being notified by the ${what} ${which}. Others keep their notifications.`,
        confirm: `Silence ${what}`,
        done: `Silenced ${what} for you.`,
      };
    case 'unsilence':
      return {
        title: `Unsilence ${what}?`,
        body: `You will be notified again by the ${what} ${which}.`,
        confirm: `Unsilence ${what}`,
        done: `Unsilenced ${what} for you.`,
      };
    case 'delete':
      return {
        title: `Delete ${what}?`,
        body: `The ${what} ${which} are deleted with their history, for everyone. This cannot be undone.`,
        confirm: `Delete ${what}`,
        done: `Deleted ${what}.`,
      };
  }
}
