import type { RouterInputs, RouterOutputs } from '../trpc/router-types';
import { type EndpointType, isEndpointType, needsOneTimeCode } from './endpoint-types';
import { type DraftStep, draftSteps, stepInputs } from './flow-steps';

export type EndpointView = RouterOutputs['endpoints']['get'];
export type EndpointCreateInput = RouterInputs['endpoints']['create'];

/** Everything the endpoint form edits, whatever the type; only the type's fields are sent. */
export interface EndpointDraft {
  type: EndpointType;
  name: string;
  /** Phone number, email address or webhook URL. */
  value: string;
  chatId: string;
  threadId: string;
  /** Blank on edit keeps the stored token. */
  botToken: string;
  otpCode: string;
  steps: DraftStep[];
  accessUserIds: string[];
  accessTeamIds: string[];
}

export function emptyDraft(type: EndpointType = 'sms'): EndpointDraft {
  return {
    type,
    name: '',
    value: '',
    chatId: '',
    threadId: '',
    botToken: '',
    otpCode: '',
    steps: [],
    accessUserIds: [],
    accessTeamIds: [],
  };
}

const text = (view: EndpointView, field: string): string => {
  const found: unknown = (view as Record<string, unknown>)[field];
  return typeof found === 'string' ? found : '';
};

/** The form's start for editing an endpoint as the server shows it (a bot token is masked: left blank). */
export function draftOf(view: EndpointView): EndpointDraft {
  const type = isEndpointType(view.type) ? view.type : 'sms';
  const steps = 'steps' in view && Array.isArray(view.steps) ? draftSteps(view.steps) : [];
  return {
    ...emptyDraft(type),
    name: view.name,
    value: text(view, 'value'),
    chatId: text(view, 'chatId'),
    threadId: text(view, 'threadId'),
    steps,
    accessUserIds: [...view.accessUserIds],
    accessTeamIds: [...view.accessTeamIds],
  };
}

/**
 * Whether saving needs a one-time code: a verified type on create, and on edit only when the
 * destination changes (as the server requires).
 */
export function codeRequired(draft: EndpointDraft, original: EndpointDraft | null): boolean {
  if (!needsOneTimeCode(draft.type)) return false;
  return original === null || original.value.trim() !== draft.value.trim();
}

/** The create (or, with the id, update) input for the draft's type. */
export function endpointInput(draft: EndpointDraft, original: EndpointDraft | null): EndpointCreateInput {
  const common = {
    name: draft.name.trim(),
    accessUserIds: draft.accessUserIds,
    accessTeamIds: draft.accessTeamIds,
  };
  switch (draft.type) {
    case 'sms':
    case 'call':
    case 'email':
      return {
        ...common,
        type: draft.type,
        value: draft.value.trim(),
        ...(codeRequired(draft, original) ? { otpCode: draft.otpCode.trim() } : {}),
      };
    case 'teams':
    case 'matter-most':
      return { ...common, type: draft.type, value: draft.value.trim() };
    case 'telegram':
      return {
        ...common,
        type: 'telegram',
        chatId: draft.chatId.trim(),
        threadId: draft.threadId.trim() || null,
        ...(draft.botToken.trim() ? { botToken: draft.botToken.trim() } : {}),
      };
    case 'bale':
      return {
        ...common,
        type: 'bale',
        chatId: draft.chatId.trim(),
        ...(draft.botToken.trim() ? { botToken: draft.botToken.trim() } : {}),
      };
    case 'flow':
      return { ...common, type: 'flow', steps: stepInputs(draft.steps) };
  }
}

/** What the list shows as where an endpoint sends. */
export function destinationSummary(view: EndpointView): string {
  if ('steps' in view && Array.isArray(view.steps)) {
    const count = view.steps.length;
    return `${count} step${count === 1 ? '' : 's'}`;
  }
  return text(view, 'value') || text(view, 'chatId');
}
