import {
  hostRuleFields,
  type NormalizedAlert,
  type SourceRuleFields,
  type SourceRuleOptions,
  z,
} from '@oncall/plugin-sdk';

/** Zabbix trigger severities: 0 is "not classified", 5 is "disaster". */
const SEVERITIES = ['0', '1', '2', '3', '4', '5'] as const;

/** The severities a rule form offers, as Zabbix names them: fixed by Zabbix, not read from a server. */
export const zabbixRuleOptions: SourceRuleOptions = {
  severities: [
    { value: '0', label: 'Not classified' },
    { value: '1', label: 'Information' },
    { value: '2', label: 'Warning' },
    { value: '3', label: 'Average' },
    { value: '4', label: 'High' },
    { value: '5', label: 'Disaster' },
  ],
};

const unique = <T>(items: T[]): T[] => [...new Set(items)];

const nameList = (label: string) =>
  z
    .array(
      z
        .string({ error: `The ${label} field is required.` })
        .trim()
        .min(1, `The ${label} field is required.`)
        .max(255, `The ${label} may not be greater than 255 characters.`),
      { error: `The ${label} must be an array.` },
    )
    .max(500, `The ${label} may not have more than 500 items.`)
    .transform(unique);

/** A Zabbix rule takes the problems of its data sources whose host, action and severity it lists. */
export const zabbixRuleFields: SourceRuleFields = {
  fields: z.object({
    dataSourceIds: hostRuleFields.someDataSourceIds,
    hosts: nameList('hosts').default([]),
    actions: nameList('actions').default([]),
    // Empty means every severity.
    severities: z
      .array(z.enum(SEVERITIES, { error: 'Each severity must be one of 0, 1, 2, 3, 4, 5.' }), {
        error: 'The severities must be an array.',
      })
      .max(6, 'The severities may not have more than 6 items.')
      .transform(unique)
      .default([]),
  }),
};

// Stored rules were checked when written; legacy clients store `null` for an unset list.
const storedFilters = z.looseObject({
  hosts: z.array(z.string()).nullish(),
  actions: z.array(z.string()).nullish(),
  severities: z.array(z.string()).nullish(),
});

/**
 * The alert's `details.host`, `details.action` and `details.severity` ('0'..'5') are each one of
 * the rule's listed values, exactly; an empty or unset list takes any. Settings that are not lists
 * match nothing rather than everything.
 */
export function matchesZabbixRule(
  alert: NormalizedAlert,
  settings: Readonly<Record<string, unknown>>,
): boolean {
  const filters = storedFilters.safeParse(settings);
  if (!filters.success) return false;
  const { hosts, actions, severities } = filters.data;
  return (
    oneOf(hosts, alert.details.host) &&
    oneOf(actions, alert.details.action) &&
    oneOf(severities, alert.details.severity)
  );
}

function oneOf(allowed: readonly string[] | null | undefined, value: string | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return value !== undefined && allowed.includes(value);
}
