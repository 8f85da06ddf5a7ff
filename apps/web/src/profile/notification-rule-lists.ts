/** How urgent a page is: a flow's people step says which of a person's rules it runs. */
export type Urgency = 'default' | 'high';

export const URGENCIES: readonly Urgency[] = ['default', 'high'];

/** The server takes delays of 0 to a day, in whole minutes. */
export const MAX_DELAY_MINUTES = 1440;

export interface RuleRow {
  id: string;
  urgency: Urgency;
  delayMinutes: number;
  endpointId: string;
}

/** An endpoint as the server lists it. */
export interface EndpointRow {
  id: string;
  name: string;
  type: string;
  userId: string;
}

/** One of the user's endpoints, as a rule may name it, with what its type is called ("SMS"). */
export interface ContactMethod extends EndpointRow {
  typeLabel: string;
}

export function urgencyLabel(urgency: Urgency): string {
  return urgency === 'high' ? 'High urgency' : 'Default urgency';
}

/** "at once", "after 2 min", "after 1 h", "after 1 h 30 min". */
export function delayLabel(minutes: number): string {
  if (minutes === 0) return 'at once';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `after ${rest} min`;
  return rest === 0 ? `after ${hours} h` : `after ${hours} h ${rest} min`;
}

/** "Telegram 'my chat'"; a rule's endpoint the user no longer owns is skipped when paging, and says so. */
export function contactLabel(method: ContactMethod | undefined): string {
  return method ? `${method.typeLabel} '${method.name}'` : 'an endpoint you no longer own (skipped)';
}

/**
 * The endpoints a rule may name: the user's own, flows excepted (a flow pages others, not the
 * person), by name; `labelOf` says what each type is called.
 */
export function contactMethodsOf(
  endpoints: readonly EndpointRow[],
  userId: string,
  labelOf: (type: string) => string,
): ContactMethod[] {
  return endpoints
    .filter((endpoint) => endpoint.userId === userId && endpoint.type !== 'flow')
    .map((endpoint) => ({ ...endpoint, typeLabel: labelOf(endpoint.type) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One urgency's rules in the order they page: by delay, then by the endpoint's label. */
export function orderedRules<T extends RuleRow>(
  rules: readonly T[],
  urgency: Urgency,
  methods: readonly ContactMethod[],
): T[] {
  const label = (rule: T) => contactLabel(methods.find((method) => method.id === rule.endpointId));
  return rules
    .filter((rule) => rule.urgency === urgency)
    .sort((a, b) => a.delayMinutes - b.delayMinutes || label(a).localeCompare(label(b)));
}

/** One rule in words: "after 2 min: SMS 'phone'". */
export function describeRule(rule: RuleRow, methods: readonly ContactMethod[]): string {
  return `${delayLabel(rule.delayMinutes)}: ${contactLabel(methods.find((method) => method.id === rule.endpointId))}`;
}

/**
 * What a page of this urgency does while it has no rules (the server's fallbacks): a high page
 * runs the default rules when there are some; otherwise every own endpoint is paged at once.
 */
export function withoutRules(urgency: Urgency, rules: readonly RuleRow[]): string {
  if (urgency === 'high' && rules.some((rule) => rule.urgency === 'default'))
    return 'No high-urgency rules: a high-urgency page runs your default-urgency rules.';
  return `No ${urgency === 'high' ? 'high-urgency' : 'default-urgency'} rules: such a page reaches every endpoint you own at once.`;
}
