/** One instance a grouped message carried, named as the delivery log names it (null once pruned). */
export interface CarriedName {
  readonly instance: string | null;
}

/** The instances a grouped message carried (docs/grouping.md). */
export interface CarriedNames {
  readonly firing: readonly CarriedName[];
  readonly resolved: readonly CarriedName[];
}

/** Names the delivery log lists before it counts the rest. */
export const CARRIED_NAMES_SHOWN = 3;

/**
 * What the delivery log says about a group message: how many instances it carried, the first few by
 * name (firing first, a resolve marked), and how many more.
 *
 * @example
 * carriedText({ firing: [web1, web2, web3, web4, web5], resolved: [] }); // 'carried 5: web-1, web-2, web-3, … and 2 more'
 */
export function carriedText(carried: CarriedNames): string {
  const names = [
    ...carried.firing.map((entry) => entry.instance ?? 'a pruned instance'),
    ...carried.resolved.map((entry) => `${entry.instance ?? 'a pruned instance'} (resolved)`),
  ];
  const shown = names.slice(0, CARRIED_NAMES_SHOWN).join(', ');
  const more = names.length - CARRIED_NAMES_SHOWN;
  return `carried ${names.length}: ${shown}${more > 0 ? `, … and ${more} more` : ''}`;
}
