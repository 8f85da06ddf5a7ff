/** The endpoint types the server's contract names, with what the form asks for each. */
export const ENDPOINT_TYPES = [
  { value: 'sms', label: 'SMS', destination: 'phone' },
  { value: 'call', label: 'Voice call', destination: 'phone' },
  { value: 'email', label: 'Email', destination: 'email' },
  { value: 'telegram', label: 'Telegram', destination: 'chat' },
  { value: 'bale', label: 'Bale', destination: 'chat' },
  { value: 'teams', label: 'Microsoft Teams', destination: 'webhook' },
  { value: 'matter-most', label: 'Mattermost', destination: 'webhook' },
  { value: 'flow', label: 'Flow (escalation steps)', destination: 'steps' },
] as const;

export type EndpointType = (typeof ENDPOINT_TYPES)[number]['value'];
export type DestinationKind = (typeof ENDPOINT_TYPES)[number]['destination'];

export function isEndpointType(value: unknown): value is EndpointType {
  return ENDPOINT_TYPES.some((type) => type.value === value);
}

export function destinationKind(type: EndpointType): DestinationKind {
  return ENDPOINT_TYPES.find((known) => known.value === type)?.destination ?? 'steps';
}

export function endpointTypeLabel(type: string): string {
  return ENDPOINT_TYPES.find((known) => known.value === type)?.label ?? type;
}

/** The types whose destination must be proven with a one-time code before alerts go there. */
export function needsOneTimeCode(type: EndpointType): boolean {
  return type === 'sms' || type === 'call' || type === 'email';
}
