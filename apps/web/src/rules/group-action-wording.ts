export type GroupAction = 'silence' | 'unsilence' | 'delete';

const rules = (count: number) => `${count} ${count === 1 ? 'alert rule' : 'alert rules'}`;

/** What the confirmation says: the action and how many rules it touches, in words. */
export function groupActionWording(action: GroupAction, count: number) {
  const what = rules(count);
  switch (action) {
    case 'silence':
      return {
        title: `Silence ${what}?`,
        body: `You will stop being notified by the ${what} the filters match. Others keep their notifications.`,
        confirm: `Silence ${what}`,
        done: `Silenced ${what} for you.`,
      };
    case 'unsilence':
      return {
        title: `Unsilence ${what}?`,
        body: `You will be notified again by the ${what} the filters match.`,
        confirm: `Unsilence ${what}`,
        done: `Unsilenced ${what} for you.`,
      };
    case 'delete':
      return {
        title: `Delete ${what}?`,
        body: `The ${what} the filters match are deleted with their history, for everyone. This cannot be undone.`,
        confirm: `Delete ${what}`,
        done: `Deleted ${what}.`,
      };
  }
}
