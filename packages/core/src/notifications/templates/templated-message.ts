import type { ChannelMessage } from '@oncall/plugin-sdk';

/**
 * The message sent to the endpoints of a template rule: the default message with the rendered
 * template as its body. Kind, severity, title (the channels' headline and subject), links and the
 * acknowledge button stay, so every channel shows it as it shows any body: escaped for HTML
 * channels, shortened for SMS, spoken for voice. Messages without a template are untouched.
 *
 * @example
 * const rendered = renderTemplate(rule.template, templateContext(facts, details));
 * const sent = rendered.ok ? templatedMessage(message, rendered.text) : message;
 */
export function templatedMessage(message: ChannelMessage, text: string): ChannelMessage {
  return { ...message, body: text };
}
