import type { AlertMessageSource } from '../ports/alert-message-source';

/**
 * Renders an alert notification from what every notification carries, its ids, until the alert
 * features supply their own AlertMessageSource (rule name, state, description, acknowledge link).
 * A bare page still reaches the on-call person, which beats dropping it.
 */
export const idOnlyAlertMessages: AlertMessageSource = {
  async messageFor({ alertEventId }) {
    return {
      kind: 'alert',
      severity: 'critical',
      title: 'Alert notification',
      body: `Alert event ${alertEventId}`,
    };
  },
};
