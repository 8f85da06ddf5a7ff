import { describe, expect, it } from 'vitest';
import {
  type LayerEdit,
  reviseLayers,
  ScheduleError,
  ScheduleResolver,
  type StoredLayer,
} from '../src/index';

const at = (text: string) => Date.parse(text);
let counter = 0;
const newId = () => `id-${++counter}`;

// UTC, daily hand-off 09:00 ann → bob from Monday 2026-06-01.
const edit = (
  bounds: Partial<LayerEdit['rotations'][number]> = {},
  id?: string,
  layerId?: string,
): LayerEdit[] => [
  {
    ...(layerId ? { id: layerId } : {}),
    priority: 0,
    rotations: [
      {
        ...(id ? { id } : {}),
        unit: 'day',
        every: 1,
        startsAt: '2026-06-01T09:00',
        members: ['ann', 'bob'],
        ...bounds,
      },
    ],
  },
];
const onCall = (layers: StoredLayer[], instant: string) =>
  new ScheduleResolver({ id: 's', teamId: 't', timeZone: 'UTC', layers, overrides: [] })
    .at(at(instant))
    .onCall.map((entry) => entry.userId);
const rotationsOf = (layers: StoredLayer[]) => layers.flatMap((layer) => layer.rotations);

describe("a rotation's effective from and until", () => {
  it('bounds a new rotation: nobody before its start or from its end', () => {
    const layers = reviseLayers(
      [],
      edit({ effectiveFrom: at('2026-06-03T00:00:00Z'), effectiveUntil: at('2026-06-05T00:00:00Z') }),
      null,
      newId,
    );
    expect(onCall(layers, '2026-06-02T12:00:00Z')).toEqual([]);
    expect(onCall(layers, '2026-06-03T12:00:00Z')).toEqual(['ann']);
    expect(onCall(layers, '2026-06-04T12:00:00Z')).toEqual(['bob']);
    expect(onCall(layers, '2026-06-05T00:00:00Z')).toEqual([]);
  });

  it('a new end on a running rotation keeps its version and the past', () => {
    const created = reviseLayers([], edit(), null, newId);
    const id = rotationsOf(created)[0]?.id;
    const layerId = created[0]?.id;
    const now = at('2026-06-10T12:00:00Z');
    const ended = reviseLayers(
      created,
      edit({ effectiveUntil: at('2026-06-12T09:00:00Z') }, id, layerId),
      now,
      newId,
    );
    expect(rotationsOf(ended).map((rotation) => rotation.id)).toEqual([id]);
    expect(onCall(ended, '2026-06-02T12:00:00Z')).toEqual(['bob']);
    expect(onCall(ended, '2026-06-11T12:00:00Z')).toEqual(['ann']);
    expect(onCall(ended, '2026-06-12T09:00:00Z')).toEqual([]);
    // Sent back as read (the version's start is in the past): nothing changes; without an end it runs on.
    const read = {
      effectiveFrom: rotationsOf(ended)[0]?.effectiveFrom ?? null,
      effectiveUntil: at('2026-06-12T09:00:00Z'),
    };
    expect(reviseLayers(ended, edit(read, id, layerId), now + 1000, newId)).toEqual(ended);
    const reopened = reviseLayers(ended, edit({}, id, layerId), now + 1000, newId);
    expect(onCall(reopened, '2026-06-20T12:00:00Z')).toEqual(['bob']);
  });

  it('a later start on a running rotation ends it now and starts the new version then', () => {
    const created = reviseLayers([], edit(), null, newId);
    const id = rotationsOf(created)[0]?.id;
    const layerId = created[0]?.id;
    const now = at('2026-06-10T12:00:00Z');
    const moved = reviseLayers(
      created,
      edit({ effectiveFrom: at('2026-06-15T09:00:00Z') }, id, layerId),
      now,
      newId,
    );
    expect(rotationsOf(moved)).toHaveLength(2);
    expect(onCall(moved, '2026-06-10T11:00:00Z')).toEqual(['bob']);
    expect(onCall(moved, '2026-06-12T12:00:00Z')).toEqual([]);
    expect(onCall(moved, '2026-06-15T12:00:00Z')).toEqual(['ann']);
  });

  it('an end not after the start, or in the past, is refused at its field', () => {
    const refused = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof ScheduleError ? [error.code, error.field, error.message] : error;
      }
      return 'accepted';
    };
    expect(
      refused(() =>
        reviseLayers(
          [],
          edit({ effectiveFrom: at('2026-06-05T00:00:00Z'), effectiveUntil: at('2026-06-05T00:00:00Z') }),
          null,
          newId,
        ),
      ),
    ).toEqual([
      'INVALID_RANGE',
      'layers.0.rotations.0.effectiveUntil',
      'the effective until must be after the effective from',
    ]);
    const created = reviseLayers([], edit(), null, newId);
    expect(
      refused(() =>
        reviseLayers(
          created,
          edit({ effectiveUntil: at('2026-06-09T00:00:00Z') }, rotationsOf(created)[0]?.id, created[0]?.id),
          at('2026-06-10T00:00:00Z'),
          newId,
        ),
      ),
    ).toEqual([
      'INVALID_RANGE',
      'layers.0.rotations.0.effectiveUntil',
      'the effective until must be in the future',
    ]);
  });
});
