import { z } from 'zod';

const flowStepView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wait'), duration: z.number().int(), timeUnit: z.enum(['s', 'm', 'h']) }),
  z.object({ type: z.literal('endpoint'), endpointIds: z.array(z.string()) }),
]);

const common = {
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  accessUserIds: z.array(z.string()),
  accessTeamIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** An endpoint as every read and write answers it; the fields beside the common ones depend on `type`. */
export const endpointViewSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.enum(['sms', 'call', 'email']), value: z.string() }),
  z.object({
    ...common,
    type: z.enum(['teams', 'matter-most']),
    value: z
      .string()
      .describe('the webhook URL; masked unless the reader owns the endpoint or is an owner or manager'),
  }),
  z.object({
    ...common,
    type: z.literal('telegram'),
    chatId: z.string(),
    threadId: z.string().nullable(),
    botToken: z.string().describe('masked'),
  }),
  z.object({
    ...common,
    type: z.literal('bale'),
    chatId: z.string(),
    botToken: z.string().describe('masked'),
  }),
  z.object({ ...common, type: z.literal('flow'), steps: z.array(flowStepView) }),
]);
