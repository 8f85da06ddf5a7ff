/**
 * The person a flow's people step paged through an endpoint, and why; the engine's `Recipient`.
 * `via`: on call in `scheduleId` (through `layerId`/`rotationId`, or `overrideId`), the step's
 * `user`, a member of the step's `team`, or `teamAdmins` of the schedule's team because nobody was
 * on call.
 */
export interface DeliveryRecipient {
  readonly userId: string;
  readonly via: 'schedule' | 'user' | 'team' | 'teamAdmins';
  readonly scheduleId?: string;
  readonly layerId?: string;
  readonly rotationId?: string;
  readonly overrideId?: string;
  readonly teamId?: string;
  readonly flowEndpointId: string;
  readonly stepIndex: number;
}
