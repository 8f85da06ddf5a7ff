import { z } from '@oncall/plugin-sdk';

const botAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().optional(),
    description: z.string().optional(),
    parameters: z.object({ retry_after: z.number().optional() }).optional(),
  }),
]);

export type BotAnswer = z.output<typeof botAnswerSchema>;

/** Parses a Bot API answer; undefined when the body is not one (a proxy's error page, …). */
export function parseBotAnswer(body: string): BotAnswer | undefined {
  try {
    const parsed = botAnswerSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
