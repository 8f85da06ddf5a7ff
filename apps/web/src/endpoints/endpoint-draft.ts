import type { RouterInputs, RouterOutputs } from '../trpc/router-types';
import type { EndpointTypeForm } from './endpoint-type-forms';
import { type DraftStep, draftSteps, stepInputs } from './flow-steps';

export type EndpointView = RouterOutputs['endpoints']['get'];
export type EndpointCreateInput = RouterInputs['endpoints']['create'];

/**
 * Everything the endpoint form edits, whatever the type; only the type's fields are sent. The
 * destination fields are text by the name the server takes them by; a secret is blank on edit
 * (answers never show it), and left blank it is kept.
 */
export interface EndpointDraft {
  type: string;
  name: string;
  fields: Record<string, string>;
  otpCode: string;
  steps: DraftStep[];
  accessUserIds: string[];
  accessTeamIds: string[];
}

/** The field a one-time code proves, as `endpoints.sendOtp` takes it. */
export const VERIFIED_FIELD = 'value';

export function emptyDraft(type: string): EndpointDraft {
  return { type, name: '', fields: {}, otpCode: '', steps: [], accessUserIds: [], accessTeamIds: [] };
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** The form's start for editing an endpoint as the server shows it (secrets are masked: left blank). */
export function draftOf(view: EndpointView, form: EndpointTypeForm | undefined): EndpointDraft {
  const steps = 'steps' in view && Array.isArray(view.steps) ? draftSteps(view.steps) : [];
  const shown = (form?.fields ?? []).filter((field) => !field.secret);
  const read = (name: string): unknown => (view as Record<string, unknown>)[name];
  return {
    ...emptyDraft(view.type),
    name: view.name,
    fields: Object.fromEntries(shown.map((field) => [field.name, asText(read(field.name))])),
    steps,
    accessUserIds: [...view.accessUserIds],
    accessTeamIds: [...view.accessTeamIds],
  };
}

const verified = (draft: EndpointDraft) => (draft.fields[VERIFIED_FIELD] ?? '').trim();

/**
 * Whether saving needs a one-time code: a verified type on create, and on edit only when the
 * destination changes (as the server requires).
 */
export function codeRequired(
  draft: EndpointDraft,
  original: EndpointDraft | null,
  form: EndpointTypeForm,
): boolean {
  if (!form.otp) return false;
  return original === null || verified(original) !== verified(draft);
}

/** A field's text as its kind is sent: a number, a yes or no, or the text itself. */
function typed(kind: string, text: string): unknown {
  if (kind === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  if (kind === 'boolean') return text === 'true';
  return text;
}

/**
 * The destination fields to send: a secret only when typed (blank keeps the stored one); an empty
 * optional field as `null` where the server clears it so, otherwise left out; a required one
 * always, so that the server names what is missing at its field.
 */
function destinationInput(draft: EndpointDraft, form: EndpointTypeForm): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of form.fields) {
    const text = (draft.fields[field.name] ?? '').trim();
    if (text !== '' || (field.required && !field.secret)) input[field.name] = typed(field.kind, text);
    else if (field.nullable && !field.secret) input[field.name] = null;
  }
  return input;
}

/** The create (or, with the id, update) input for the draft's type. */
export function endpointInput(
  draft: EndpointDraft,
  original: EndpointDraft | null,
  form: EndpointTypeForm,
): EndpointCreateInput {
  const common = {
    name: draft.name.trim(),
    accessUserIds: draft.accessUserIds,
    accessTeamIds: draft.accessTeamIds,
  };
  if (form.steps) return { ...common, type: 'flow', steps: stepInputs(draft.steps) };
  return {
    ...destinationInput(draft, form),
    ...common,
    type: draft.type,
    ...(codeRequired(draft, original, form) ? { otpCode: draft.otpCode.trim() } : {}),
  };
}

/** What the list shows as where an endpoint sends: a flow's steps, else its first field shown. */
export function destinationSummary(view: EndpointView, form: EndpointTypeForm | undefined): string {
  if ('steps' in view && Array.isArray(view.steps)) {
    const count = view.steps.length;
    return `${count} step${count === 1 ? '' : 's'}`;
  }
  const [first] = (form?.fields ?? []).filter((field) => !field.secret);
  return first ? asText((view as Record<string, unknown>)[first.name]) : '';
}
