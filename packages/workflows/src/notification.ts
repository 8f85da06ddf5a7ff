/**
 * What a delivery carries: a reference, never a rendered body or a destination secret. The
 * `ChannelSender` port resolves it when it sends, so message text, OTP codes and bot tokens stay out
 * of Temporal histories and job payloads.
 *
 * @example
 * const page: Notification = { kind: 'alert', alertEventId: 'evt_1', endpointId: 'ep_sms' };
 * const code: Notification = { kind: 'otp', otpId: 'otp_1', channel: 'sms' };
 */
export type Notification =
  | {
      /** A notification about one alert history record (fired, resolved, acknowledged). */
      readonly kind: 'alert';
      readonly alertEventId: string;
      readonly endpointId: string;
    }
  | {
      /** A one-time code for a destination that is not an endpoint yet (it is being verified). */
      readonly kind: 'otp';
      readonly otpId: string;
      readonly channel: OtpChannel;
    };

/**
 * An endpoint type whose channels carry one-time codes (`capabilities.otp` in the plugin registry,
 * which the core checks before queueing one), e.g. `sms`.
 */
export type OtpChannel = string;
