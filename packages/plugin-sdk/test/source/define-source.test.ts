import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AnySourceDefinition,
  checkSourceDefinition,
  defineSource,
  type SourceAlert,
  z,
} from '../../src';

const definition = defineSource({
  id: 'typed-source',
  displayName: 'Typed',
  dataSourceType: 'typed_source',
  capabilities: { webhook: true, resolves: false },
  payloadSchema: z.object({ title: z.string(), count: z.coerce.number() }),
  normalize(payload) {
    expectTypeOf(payload).toEqualTypeOf<{ title: string; count: number }>();
    return [{ name: payload.title, status: 'firing', labels: {}, annotations: {}, details: {} }];
  },
  fixtures: [{ name: 'one', payload: { title: 'x', count: '1' }, expectedStatuses: ['firing'] }],
});

describe('defineSource', () => {
  it('returns the definition unchanged and fits the registry type', () => {
    expect(definition.normalize({ title: 'x', count: 1 })).toEqual([
      { name: 'x', status: 'firing', labels: {}, annotations: {}, details: {} },
    ]);
    expectTypeOf(definition).toExtend<AnySourceDefinition>();
  });

  it('types the query hooks', () => {
    defineSource({
      ...definition,
      capabilities: { webhook: false, resolves: true },
      async evaluate(source, rule, ctx) {
        expectTypeOf(source.url).toEqualTypeOf<string>();
        expectTypeOf(rule.settings).toEqualTypeOf<Readonly<Record<string, unknown>>>();
        expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal | undefined>();
        return [] satisfies SourceAlert[];
      },
      listRules: async () => ['HighCPU'],
      listLabels: async () => ['instance'],
      listLabelValues: async (_source, label) => [label],
    });
  });
});

describe('checkSourceDefinition', () => {
  it('accepts a definition', () => {
    expect(checkSourceDefinition(definition)).toEqual({ ok: true, definition });
  });

  it.each([
    ['a bad id', { id: 'Typed Source' }, 'id'],
    ['a dashed data source type', { dataSourceType: 'victoria-logs' }, 'dataSourceType'],
    ['no payload schema', { payloadSchema: { parse() {} } }, 'payloadSchema'],
    ['no normalize', { normalize: undefined }, 'normalize'],
    ['a fingerprint that is not a function', { fingerprint: 'name' }, 'fingerprint'],
    [
      'a fixture with an unknown status',
      { fixtures: [{ name: 'x', payload: {}, expectedStatuses: ['ok'] }] },
      'fixtures',
    ],
    ['neither webhooks nor evaluate', { capabilities: { webhook: false, resolves: true } }, 'evaluate'],
  ])('refuses %s, naming the field', (_case, change, field) => {
    const checked = checkSourceDefinition({ ...definition, ...change });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(field);
  });

  it('refuses what is not an object', () => {
    expect(checkSourceDefinition(null)).toMatchObject({ ok: false });
    expect(checkSourceDefinition(() => {})).toMatchObject({ ok: false });
  });
});
