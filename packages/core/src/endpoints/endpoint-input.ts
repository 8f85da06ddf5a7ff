import type { FlowStep } from '../entities/endpoint.entity';

interface EndpointCommonInput {
  name: string;
  /** Left out on update: the current sharing is kept. */
  accessUserIds?: string[];
  accessTeamIds?: string[];
}

/** A flow: its steps instead of a destination. */
export interface FlowEndpointInput {
  type: 'flow';
  steps: FlowStep[];
}

/**
 * An endpoint of a type a channel plugin serves: its destination fields beside the common ones, as
 * the face parsed them with the type's wire (its `legacyEndpoint` or `destinationSchema`).
 */
export interface DestinationEndpointInput {
  type: string;
  /** For a type whose destination is verified: the code sent to its `value`. */
  otpCode?: string;
  [field: string]: unknown;
}

/** What create and update take, one shape per `type` (the REST body, already parsed). */
export type EndpointInput = EndpointCommonInput & (FlowEndpointInput | DestinationEndpointInput);

export function isFlowInput(input: EndpointInput): input is EndpointCommonInput & FlowEndpointInput {
  return input.type === 'flow';
}
