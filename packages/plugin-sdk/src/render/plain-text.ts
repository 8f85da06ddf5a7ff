import type { ChannelMessage } from '../message';
import { messageText } from './group-lines';
import { headline } from './headline';
import { truncate } from './truncate';

/**
 * Options of {@link toPlainText}.
 *
 * @example { maxLength: 480 } // SMS; { withoutLinks: true } for speech
 */
export interface PlainTextOptions {
  /** Upper bound in characters; the body is shortened first, so the headline and links survive. */
  readonly maxLength?: number;
  /** Leave out links and the acknowledge link (voice calls cannot use them). */
  readonly withoutLinks?: boolean;
}

/**
 * Renders a message as compact plain text: headline, body (with a group's list), links, then the
 * acknowledge link.
 * A one-time-code message is its body alone.
 *
 * @example
 * toPlainText(message, { maxLength: 300 })
 * // 'CRITICAL: Disk full\nFree space 3%\nAcknowledge: https://…'
 */
export function toPlainText(message: ChannelMessage, options: PlainTextOptions = {}): string {
  const limit = options.maxLength ?? Number.POSITIVE_INFINITY;
  if (message.kind === 'otp') return truncate(message.body, limit);
  const trailer = options.withoutLinks ? [] : linkLines(message);
  const head = headline(message);
  const fixedLength = [head, ...trailer].reduce((sum, line) => sum + Array.from(line).length + 1, 0);
  const text = messageText(message, options);
  const body = text ? [truncate(text, limit - fixedLength)] : [];
  return truncate([head, ...body.filter(Boolean), ...trailer].join('\n'), limit);
}

function linkLines(message: ChannelMessage): string[] {
  const links = (message.links ?? []).map((link) => `${link.label}: ${link.url}`);
  return message.acknowledgeUrl ? [...links, `Acknowledge: ${message.acknowledgeUrl}`] : links;
}
