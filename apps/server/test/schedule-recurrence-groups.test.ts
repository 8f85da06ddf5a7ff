import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

/**
 * A rotation's RFC 5545 `recurrence` and member groups over REST: stored and read back, answered
 * by the one resolver (on call), and refused with a 422 at the field when the rule or a group's
 * member is wrong. The resolver's own cases (DST included) are in packages/schedules.
 */
describe('schedule rotations with a recurrence rule and member groups', () => {
  let h: TestApp;
  let ana: { id: string; token: string };
  let ben: { id: string; token: string };
  let cho: { id: string; token: string };
  let teamId: string;

  beforeAll(async () => {
    h = await createTestApp();
    const admin = await h.adminToken();
    ana = await h.userWithToken('recur-ana', 'member');
    ben = await h.userWithToken('recur-ben', 'member');
    cho = await h.userWithToken('recur-cho', 'member');
    const team = await h.call('POST', '/api/v1/team', {
      token: admin,
      body: { name: 'Recurring', ownerId: ana.id, userIds: [ana.id, ben.id, cho.id] },
    });
    expect(team.statusCode, team.body).toBeLessThan(300);
    teamId = team.json().id ?? team.json().data?.id;
  });
  afterAll(() => h.dispose());

  const create = (name: string, rotation: Record<string, unknown>) =>
    h.call('POST', '/api/v1/schedule', {
      token: ana.token,
      body: {
        name,
        teamId,
        timeZone: 'Europe/London',
        layers: [{ priority: 0, rotations: [{ unit: 'week', startsAt: '2026-06-01T09:00', ...rotation }] }],
      },
    });
  const onCallAt = async (id: string, at: string) => {
    const answer = await h.call('GET', `/api/v1/schedule/${id}/on-call?at=${encodeURIComponent(at)}`, {
      token: ana.token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().onCall as { userId: string }[]).map((entry) => entry.userId).sort();
  };

  it('hands off at the rule occurrences, a group on call together, and reads both back', async () => {
    const created = await create('Mon Wed Fri', {
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      members: [[ana.id, ben.id], cho.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const rotation = created.json().layers[0].rotations[0];
    expect(rotation).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      members: [[ana.id, ben.id], cho.id],
    });
    // Monday 09:00 BST: the group; Wednesday 09:00: Cho; Friday 09:00: the group again.
    expect(await onCallAt(id, '2026-06-02T12:00:00Z')).toEqual([ana.id, ben.id].sort());
    expect(await onCallAt(id, '2026-06-03T08:00:00Z')).toEqual([cho.id]);
    expect(await onCallAt(id, '2026-06-05T08:00:00Z')).toEqual([ana.id, ben.id].sort());
    const read = await h.call('GET', `/api/v1/schedule/${id}`, { token: ana.token });
    expect(read.json().layers[0].rotations[0].recurrence).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    // Sent back as read, nothing changes: the rotation keeps its id (no new version).
    const { name, timeZone, layers } = read.json();
    const again = await h.call('PUT', `/api/v1/schedule/${id}`, {
      token: ana.token,
      body: { name, teamId, timeZone, layers },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().layers[0].rotations[0].id).toBe(rotation.id);

    // A form that predates recurrence rules sends none: the rule is kept; null clears it.
    const { recurrence: _left, ...withoutRule } = layers[0].rotations[0];
    const kept = await h.call('PUT', `/api/v1/schedule/${id}`, {
      token: ana.token,
      body: { name, teamId, timeZone, layers: [{ ...layers[0], rotations: [withoutRule] }] },
    });
    expect(kept.json().layers[0].rotations[0]).toMatchObject({
      id: rotation.id,
      recurrence: rotation.recurrence,
    });
    const cleared = await h.call('PUT', `/api/v1/schedule/${id}`, {
      token: ana.token,
      body: {
        name,
        teamId,
        timeZone,
        layers: [{ ...layers[0], rotations: [{ ...withoutRule, recurrence: null }] }],
      },
    });
    const now = cleared.json().layers[0].rotations.at(-1);
    expect(now.recurrence).toBeNull();
    expect(now.id).not.toBe(rotation.id);
  });

  it('422s a bad rule and an unknown group member at their fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ recurrence: 'FREQ=WEEKLY;COUNT=3', members: [ana.id] }, 'layers.0.rotations.0.recurrence'],
      [{ recurrence: 'FREQ=MINUTELY', members: [ana.id] }, 'layers.0.rotations.0.recurrence'],
      [{ recurrence: 'FREQ=WEEKLY;BYDAY=XX', members: [ana.id] }, 'layers.0.rotations.0.recurrence'],
      [{ recurrence: 'every monday', members: [ana.id] }, 'layers.0.rotations.0.recurrence'],
      [{ members: [[ana.id, UNKNOWN_ID]] }, 'layers.0.rotations.0.members.0.1'],
      [{ members: [[ana.id, ana.id]] }, 'layers.0.rotations.0.members.0'],
      [{ members: [[]] }, 'layers.0.rotations.0.members.0'],
    ];
    for (const [rotation, field] of cases) {
      const refused = await create(`Refused ${field} ${JSON.stringify(rotation)}`.slice(0, 180), rotation);
      expect(refused.statusCode, JSON.stringify(rotation)).toBe(422);
      expect(Object.keys(refused.json().errors), JSON.stringify(rotation)).toEqual([field]);
    }
  });
});
