import type { AlertEventMessages } from '@oncall/core';
import type { ChannelMessage } from '@oncall/plugin-sdk';

/**
 * Alert messages for tests that are about delivery, not rendering: every alert event renders the
 * same critical alert, with its id in the body so a test can tell pages apart.
 */
export function fixedAlertMessages(title = 'Disk almost full on db-1'): AlertEventMessages {
  return {
    async messageFor({ alertEventId }): Promise<ChannelMessage> {
      return { kind: 'alert', severity: 'critical', title, body: `Alert event ${alertEventId}` };
    },
  };
}
