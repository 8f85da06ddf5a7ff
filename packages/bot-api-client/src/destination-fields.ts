import { z } from '@oncall/plugin-sdk';

/** A chat id (`-1001234567890`, `42`) or a public channel username (`@ops_alerts`). */
export const chatIdSchema = z
  .string()
  .trim()
  .regex(/^(-?\d+|@\w{4,})$/, 'must be a numeric chat id or an @channel name')
  .meta({ title: 'Chat id', examples: ['-1001234567890', '@channel'] });

/** A bot token; it is a URL path segment, so characters that would change the path are refused. */
export const botTokenSchema = z
  .string()
  .trim()
  .regex(/^[\w:-]+$/, 'must be a bot token as given by the bot father')
  .meta({ title: 'Bot token' });
