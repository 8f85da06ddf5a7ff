import { isLegacyEndpointType } from '@oncall/contracts';
import type { FlowStep } from '../entities/endpoint.entity';

interface EndpointCommonInput {
  name: string;
  /** Left out on update: the current sharing is kept. */
  accessUserIds?: string[];
  accessTeamIds?: string[];
}

/** The destination of a built-in endpoint type (its fixed wire shape), or a flow's steps. */
export type BuiltInEndpointInput =
  | { type: 'sms' | 'call' | 'email'; value: string; otpCode?: string }
  | { type: 'teams' | 'matter-most'; value: string }
  /** The chat is `chatId`, or `value` as legacy clients send it. */
  | { type: 'telegram'; chatId?: string; value?: string; threadId?: string | null; botToken?: string }
  | { type: 'bale'; chatId?: string; value?: string; botToken?: string }
  | { type: 'flow'; steps: FlowStep[] };

/**
 * An endpoint of a type a channel plugin defines: its destination fields beside the common ones,
 * as the face parsed them with the channel's `destinationSchema` (the core parses them again).
 */
export interface PluginEndpointInput {
  type: string;
  /** For a type whose destination is verified: the code sent to its `value`. */
  otpCode?: string;
  [field: string]: unknown;
}

/** What create and update take, one shape per `type` (the REST body, already parsed). */
export type EndpointInput = EndpointCommonInput & (BuiltInEndpointInput | PluginEndpointInput);

/** Whether the input has a built-in shape: a legacy type's or a flow's; the faces build them so. */
export function isBuiltInInput(input: EndpointInput): input is EndpointCommonInput & BuiltInEndpointInput {
  return input.type === 'flow' || isLegacyEndpointType(input.type);
}
