import {
  type EndpointCatalog,
  type EndpointDestinationFields,
  RESERVED_ENDPOINT_FIELDS,
} from '@oncall/contracts';
import { z } from 'zod';
import { type FormField, formFields } from '../forms/form-fields';

/** One destination field of an endpoint type, named as the create and update inputs name it. */
export interface EndpointFormField extends FormField {
  /** Always present: the plugin's title, else the name spelled out. */
  label: string;
  /** Write-only: answers mask it, a form never shows it back, and left out on update it is kept. */
  secret: boolean;
  /** Sent as `null` when emptied (which clears it); otherwise an empty optional field is left out. */
  nullable: boolean;
}

/**
 * How the web UI writes an endpoint of one type: its label, whether a one-time code proves its
 * `value` first, its plugin's delivery lane (`chat` types may take a schedule's shift notices;
 * `null` for a flow), and its destination fields; `flow` has no fields but its steps.
 */
export interface EndpointTypeForm {
  type: string;
  label: string;
  otp: boolean;
  lane: 'page' | 'email' | 'chat' | null;
  steps: boolean;
  fields: EndpointFormField[];
}

const FLOW_FORM: EndpointTypeForm = {
  type: 'flow',
  label: 'Flow (escalation steps)',
  otp: false,
  lane: null,
  steps: true,
  fields: [],
};

const SKIPPED: ReadonlySet<string> = new Set(RESERVED_ENDPOINT_FIELDS);

/** "serverUrl" → "Server URL", "chatId" → "Chat id". */
function spelledOut(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\burl\b/g, 'URL');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The name the inputs take a destination field by: its own, or, for a type older than channel
 * plugins whose wire calls it otherwise, the legacy name its aliases map to it.
 */
function wireName(destination: EndpointDestinationFields, field: string): string {
  const body = destination.legacy?.body('create');
  if (body === undefined || field in body) return field;
  const aliases = Object.entries(destination.legacy?.aliases ?? {});
  return aliases.find(([alias, target]) => target === field && alias in body)?.[0] ?? field;
}

/** Whether the update input takes `null` for the field (a legacy thread: null clears it). */
function takesNull(destination: EndpointDestinationFields, wire: string, field: string): boolean {
  const schema = destination.legacy?.body('update')[wire] ?? destination.schema.shape[field];
  return schema !== undefined && z.safeParse(schema, null).success;
}

function destinationForm(
  type: string,
  destination: EndpointDestinationFields,
  otp: boolean,
): EndpointTypeForm {
  // A legacy secret shown to managers (a webhook URL) is read back by whoever may edit it.
  const shown = new Set(destination.legacy?.shownToManagers ?? []);
  const fields = formFields(destination.schema, SKIPPED).map((field): EndpointFormField => {
    const wire = wireName(destination, field.name);
    return {
      ...field,
      name: wire,
      label: field.label ?? spelledOut(wire),
      secret: destination.secretFields.includes(field.name) && !shown.has(field.name),
      nullable: !field.required && takesNull(destination, wire, field.name),
    };
  });
  return { type, label: destination.label, otp, lane: destination.lane, steps: false, fields };
}

/**
 * The endpoint forms of the catalog's types, in its order, read from what each channel plugin
 * declares (its label, `capabilities.otp`, its destination schema's fields and their metadata),
 * so the web UI writes endpoints of any loaded plugin without knowing it.
 */
export function endpointTypeForms(catalog: EndpointCatalog): EndpointTypeForm[] {
  return catalog.types.flatMap((type) => {
    if (type === 'flow') return [FLOW_FORM];
    const destination = catalog.destinations.get(type);
    return destination ? [destinationForm(type, destination, catalog.otpTypes.includes(type))] : [];
  });
}
