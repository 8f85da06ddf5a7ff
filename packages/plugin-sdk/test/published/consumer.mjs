// Run by plain Node from a project that installed the packed SDK: no tsx, no `development` condition.
import { defineChannel, z } from '@oncall/plugin-sdk';

const echo = defineChannel({
  id: 'echo',
  displayName: 'Echo',
  configSchema: z.object({ prefix: z.string() }),
  secretFields: [],
  destinationSchema: z.object({ to: z.string() }),
  destinationSecretFields: [],
  capabilities: { otp: false, acknowledge: 'none', messengerProxy: false },
  create: (config) => ({
    send: async (_message, { destination }) => ({ providerMessageId: `${config.prefix}${destination.to}` }),
  }),
});
process.stdout.write(JSON.stringify({ id: echo.id, config: echo.configSchema.parse({ prefix: 'p-' }) }));
