import { type AlertStatus, presentText, z } from '@oncall/plugin-sdk';

// Zabbix leaves a macro it cannot resolve in place ("{TRIGGER.URL}"), or writes "*UNKNOWN*";
// the media type's Test dialog sends every parameter unexpanded. Either way the value is absent.
const UNRESOLVED = /^(\{[A-Z0-9_.$:#]+\}|\*UNKNOWN\*)$/;

// Webhook parameters are strings, but hand-written senders use numbers; both mean the same.
const field = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => {
    const text = presentText(value === undefined ? undefined : String(value));
    return text === undefined || UNRESOLVED.test(text) ? undefined : text;
  });

const tagList = z.array(z.looseObject({ tag: z.string(), value: z.string().optional() }));

// Tags from `{EVENT.TAGSJSON}` arrive parsed (the recommended script parses them) or as the JSON
// text itself; anything else is ignored rather than costing the page.
const tags = z
  .unknown()
  .optional()
  .transform((value) => {
    const parsed = tagList.safeParse(typeof value === 'string' ? parseJson(value) : value);
    return parsed.success ? parsed.data : [];
  });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const SEVERITY_NAMES: Readonly<Record<string, string>> = {
  'not classified': '0',
  information: '1',
  warning: '2',
  average: '3',
  high: '4',
  disaster: '5',
};

/** Zabbix's severity as '0'..'5', from `{EVENT.NSEVERITY}` or from the name `{EVENT.SEVERITY}` gives. */
function severityNumber(severity: string | undefined): string | undefined {
  if (severity === undefined) return undefined;
  if (/^[0-5]$/.test(severity)) return severity;
  const key = severity.toLowerCase();
  return Object.hasOwn(SEVERITY_NAMES, key) ? SEVERITY_NAMES[key] : undefined;
}

/** `{EVENT.VALUE}` (1 problem, 0 recovery) when sent, else `{EVENT.STATUS}`. */
function statusOf(eventValue: string | undefined, status: string | undefined): AlertStatus | undefined {
  if (eventValue === '1') return 'firing';
  if (eventValue === '0') return 'resolved';
  switch (status?.toUpperCase()) {
    case 'PROBLEM':
      return 'firing';
    case 'RESOLVED':
    case 'OK':
      return 'resolved';
    default:
      return undefined;
  }
}

/**
 * The JSON the recommended Zabbix webhook media type posts: its parameters, named as in
 * docs/sources/zabbix.md. Every field is optional except what tells the problem apart:
 * a name (`trigger_name` or `event_name`) and a status (`event_value` or `status`).
 */
export const zabbixPayloadSchema = z
  .looseObject({
    event_id: field,
    event_value: field,
    event_name: field,
    trigger_name: field,
    host: field,
    severity: field,
    action: field,
    status: field,
    message: field,
    event_time: field,
    url: field,
    tags,
  })
  .transform((payload, ctx) => {
    const name = payload.trigger_name ?? payload.event_name;
    const status = statusOf(payload.event_value, payload.status);
    if (name === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: payload,
        path: ['trigger_name'],
        message: 'trigger_name or event_name is required',
      });
    }
    if (status === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: payload,
        path: ['event_value'],
        message: 'event_value (1 or 0) or status (PROBLEM, RESOLVED or OK) is required',
      });
    }
    if (name === undefined || status === undefined) return z.NEVER;
    return { ...payload, name, status, severity: severityNumber(payload.severity) };
  });

/** A parsed Zabbix event: the payload's fields cleaned, with its name, status and severity '0'..'5'. */
export type ZabbixEvent = z.output<typeof zabbixPayloadSchema>;
