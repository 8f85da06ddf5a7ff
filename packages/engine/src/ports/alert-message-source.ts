import type { ChannelMessage } from '@oncall/plugin-sdk';

/** Which alert notification to render: one alert history record for one endpoint. */
export interface AlertMessageRequest {
  readonly alertEventId: string;
  readonly endpointId: string;
}

/**
 * Renders the message of an alert notification (fired, resolved, acknowledged) in the user's words,
 * with its acknowledge link. The alert features implement it over their history records; the
 * channel sender asks it at send time, so no message text is stored in job payloads.
 * Returns null when the alert event no longer exists (nothing to send).
 */
export interface AlertMessageSource {
  messageFor(request: AlertMessageRequest): Promise<ChannelMessage | null>;
}
