import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AnyChannelDefinition, ChannelInstance } from '../channel';
import { checkChannelDefinition } from '../definition-shape';
import { ChannelError, PermanentError, RateLimitedError, TransientError } from '../errors';
import type { MessageKind } from '../message';
import type { ContractFixture, ContractHarness, SimulatedFailure } from './harness';
import { MESSAGE_KINDS, sampleMessage } from './sample-messages';
import { createTestContext } from './test-context';

/**
 * The behaviour every channel plugin promises the host, as vitest cases. Call it at the top level
 * of a test file with a harness that starts the plugin's fake vendor on 127.0.0.1.
 *
 * @example
 * runChannelContractTests(telegram, {
 *   signalsRateLimits: true,
 *   async start() {
 *     const bot = await startFakeBotApi();
 *     return { config: { apiBase: bot.url }, destination: { chatId: '42', botToken: '1:x' },
 *       deliveries: () => bot.calls.length, failNext: (f) => bot.failNext(httpStatusOf(f)), close: bot.close };
 *   },
 * });
 */
export function runChannelContractTests<Definition extends AnyChannelDefinition>(
  plugin: Definition,
  harness: ContractHarness<Definition>,
): void {
  describe(`channel contract: ${plugin.id}`, () => {
    describe('definition', () => {
      it('is a valid channel definition', () => {
        expect(checkChannelDefinition(plugin)).toMatchObject({ ok: true });
      });

      it('marks secret fields that exist in its schemas', () => {
        for (const field of plugin.secretFields)
          expect(Object.keys(plugin.configSchema.shape)).toContain(field);
        for (const field of plugin.destinationSecretFields) {
          expect(Object.keys(plugin.destinationSchema.shape)).toContain(field);
        }
      });

      if (requiredFields(plugin.configSchema).length > 0) {
        it('rejects an empty config', () => {
          expect(plugin.configSchema.safeParse({}).success).toBe(false);
        });
      } else {
        it('accepts an empty config because every config field has a default', () => {
          const parsed = plugin.configSchema.parse({});
          expect(Object.keys(parsed).sort()).toEqual(Object.keys(plugin.configSchema.shape).sort());
        });
      }

      it('rejects an empty destination', () => {
        expect(plugin.destinationSchema.safeParse({}).success).toBe(false);
      });
    });

    describe('delivery', () => {
      let fixture: ContractFixture<Definition>;
      let instance: ChannelInstance;
      const send = (kind: MessageKind = 'alert') =>
        instance.send(sampleMessage(kind), {
          idempotencyKey: `contract-${kind}`,
          destination: plugin.destinationSchema.parse(fixture.destination),
        });
      const failureOf = async (failure: SimulatedFailure) => {
        fixture.failNext(failure);
        return send().then(
          () => expect.fail('send resolved although the vendor failed'),
          (error: unknown) => error,
        );
      };

      beforeEach(async () => {
        fixture = await harness.start();
        const config = plugin.configSchema.parse(fixture.config);
        instance = await plugin.create(config, createTestContext(fixture.context));
      });

      afterEach(async () => {
        await fixture.close();
      });

      it('delivers a message that the vendor receives', async () => {
        const result = await send();
        expect(result).toBeTypeOf('object');
        expect(fixture.deliveries()).toBe(1);
      });

      it('delivers every message kind', async () => {
        for (const kind of MESSAGE_KINDS) await send(kind);
        expect(fixture.deliveries()).toBe(MESSAGE_KINDS.length);
      });

      it('reports a vendor server error as TransientError', async () => {
        const error = await failureOf({ kind: 'transient' });
        expect(error).toBeInstanceOf(TransientError);
        expect(error).toMatchObject({ kind: 'transient' });
      });

      it('reports a rejected request as PermanentError', async () => {
        const error = await failureOf({ kind: 'permanent', reason: 'rejected' });
        expect(error).toBeInstanceOf(PermanentError);
      });

      it('reports rejected credentials as PermanentError', async () => {
        const error = await failureOf({ kind: 'permanent', reason: 'unauthorized' });
        expect(error).toBeInstanceOf(PermanentError);
      });

      if (harness.signalsRateLimits) {
        it('reports rate limiting as RateLimitedError with the advertised delay', async () => {
          const error = await failureOf({ kind: 'rate_limited', retryAfterSeconds: 7 });
          expect(error).toBeInstanceOf(RateLimitedError);
          expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
        });
      }

      it('delivers again after a failure', async () => {
        const error = await failureOf({ kind: 'transient' });
        expect(error).toBeInstanceOf(ChannelError);
        await send();
        expect(fixture.deliveries()).toBe(2);
      });
    });
  });
}

function requiredFields(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}
