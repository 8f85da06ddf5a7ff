import { notifications } from '@mantine/notifications';
import { failureMessage } from './server-field-errors';

/** Tells the user an action failed, in the server's words. */
export function notifyFailure(what: string, error: unknown): void {
  notifications.show({ color: 'red', title: `${what} failed`, message: failureMessage(error) });
}

/** Confirms a finished action. */
export function notifyDone(message: string): void {
  notifications.show({ color: 'teal', message });
}
