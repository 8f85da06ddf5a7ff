import { RESERVED_ENDPOINT_FIELDS } from '@oncall/contracts';
import type { AnyChannelDefinition } from '@oncall/plugin-sdk';

/**
 * Why a channel's destination cannot make endpoints, or undefined when it can. Its fields sit beside
 * the ones every endpoint body and answer has, so none may share their names; a channel that
 * carries one-time codes sends them through provider configs to the `value` the user verifies.
 *
 * @example endpointFieldsProblem(telegram) // undefined
 */
export function endpointFieldsProblem(channel: AnyChannelDefinition): string | undefined {
  const fields = Object.keys(channel.destinationSchema.shape);
  const reserved = fields.find((field) => RESERVED_ENDPOINT_FIELDS.includes(field));
  if (reserved !== undefined) {
    return `destination field "${reserved}" is a field every endpoint has; rename it`;
  }
  if (!channel.capabilities.otp) return undefined;
  if (channel.serves?.provider === undefined) {
    return 'capabilities.otp needs serves.provider: one-time codes are sent through provider configs';
  }
  if (!fields.includes('value')) {
    return 'capabilities.otp needs a destination field "value": one-time codes are verified for it';
  }
  return undefined;
}
