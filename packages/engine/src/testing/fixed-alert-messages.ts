import type { ChannelMessage } from '@oncall/plugin-sdk';
import type { AlertMessageSource } from '../ports/alert-message-source';

/**
 * An AlertMessageSource for tests that are about delivery, not rendering: every alert event renders
 * the same critical alert, with its id in the body so a test can tell pages apart.
 */
export function fixedAlertMessages(title = 'Disk almost full on db-1'): AlertMessageSource {
  return {
    async messageFor({ alertEventId }): Promise<ChannelMessage> {
      return { kind: 'alert', severity: 'critical', title, body: `Alert event ${alertEventId}` };
    },
  };
}
