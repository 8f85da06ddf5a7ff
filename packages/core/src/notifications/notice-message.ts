import type { ChannelMessage } from '@oncall/plugin-sdk';

/**
 * A notice as channels show it: news, not an alert, so severity `info` ("INFO: <title>") and no
 * acknowledge link.
 */
export function noticeMessage(notice: { title: string; body: string }): ChannelMessage {
  return { kind: 'alert', severity: 'info', title: notice.title, body: notice.body };
}
