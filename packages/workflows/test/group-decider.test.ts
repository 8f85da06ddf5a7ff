import { describe, expect, it } from 'vitest';
import {
  decideGroup,
  type GroupCommand,
  type GroupEvent,
  type GroupMember,
  type GroupSettings,
  type GroupState,
  groupKeyOf,
  groupWindowKey,
  initialGroupState,
  nextDueAt,
} from '../src/index';

const MINUTE = 60_000;
const settings: GroupSettings = { groupIntervalMs: 5 * MINUTE, repeatIntervalMs: 0 };
const member = (instance: string, event = `evt_${instance}`): GroupMember => ({
  instance,
  alertEventId: event,
});

/**
 * A window driven as a driver drives it, on a clock the test moves: each event is decided at `now`,
 * and every due time the state asks for up to `until` is woken in order.
 */
function windowOn(initial: GroupSettings = settings) {
  let state: GroupState = initialGroupState(initial);
  let now = 0;
  const sent: Array<{ at: number; command: GroupCommand }> = [];
  const apply = (event: GroupEvent) => {
    const decision = decideGroup(state, event);
    state = decision.state;
    for (const command of decision.commands) sent.push({ at: now, command });
  };
  const advanceTo = (until: number) => {
    for (let due = nextDueAt(state); due !== null && due <= until; due = nextDueAt(state)) {
      now = due;
      apply({ type: 'due', at: now });
    }
    now = until;
  };
  return {
    sent,
    state: () => state,
    at: (time: number) => advanceTo(time),
    open: (m: GroupMember, s = initial) => apply({ type: 'opened', member: m, at: now, settings: s }),
    resolve: (m: GroupMember, s = initial) => apply({ type: 'resolved', member: m, at: now, settings: s }),
    acknowledge: (instance: string) => apply({ type: 'acknowledged', instance, at: now }),
  };
}

describe('decideGroup', () => {
  it('pages the first instance at once and gathers the rest into one message at the end of the interval', () => {
    const w = windowOn();
    w.open(member('db-1'));
    expect(w.sent).toEqual([{ at: 0, command: { type: 'single', state: 'firing', member: member('db-1') } }]);
    for (const [index, name] of ['db-2', 'db-3', 'db-4'].entries()) {
      w.at((index + 1) * 1_000);
      w.open(member(name));
    }
    expect(w.sent).toHaveLength(1);
    expect(nextDueAt(w.state())).toBe(5 * MINUTE);
    w.at(10 * MINUTE);
    expect(w.sent.slice(1)).toEqual([
      {
        at: 5 * MINUTE,
        command: {
          type: 'group',
          key: `group:${5 * MINUTE}`,
          firing: [member('db-2'), member('db-3'), member('db-4')],
          resolved: [],
        },
      },
    ]);
  });

  it('gathers resolves the same way, beside the openings of the interval', () => {
    const w = windowOn();
    w.open(member('db-1'));
    w.at(MINUTE);
    w.open(member('db-2'));
    w.resolve(member('db-1', 'evt_db-1_resolve'));
    w.at(6 * MINUTE);
    expect(w.sent.map(({ command }) => command)).toEqual([
      { type: 'single', state: 'firing', member: member('db-1') },
      {
        type: 'group',
        key: `group:${5 * MINUTE}`,
        firing: [member('db-2')],
        resolved: [member('db-1', 'evt_db-1_resolve')],
      },
    ]);
  });

  it('pages at once again once the interval after the last message has passed', () => {
    const w = windowOn();
    w.open(member('db-1'));
    w.at(5 * MINUTE);
    w.open(member('db-2'));
    expect(w.sent.map(({ command }) => command.type)).toEqual(['single', 'single']);
  });

  it('keeps one page per instance with groupInterval 0', () => {
    const unbatched = { groupIntervalMs: 0, repeatIntervalMs: 0 };
    const w = windowOn(unbatched);
    w.open(member('db-1'));
    w.open(member('db-2'));
    w.resolve(member('db-1', 'evt_r1'));
    expect(w.sent.map(({ command }) => command)).toEqual([
      { type: 'single', state: 'firing', member: member('db-1') },
      { type: 'single', state: 'firing', member: member('db-2') },
      { type: 'single', state: 'resolved', member: member('db-1', 'evt_r1') },
    ]);
    expect(nextDueAt(w.state())).toBeNull();
  });

  it('pages nobody twice for a redelivered event, sent or gathered', () => {
    const w = windowOn();
    w.open(member('db-1'));
    w.open(member('db-1'));
    w.at(MINUTE);
    w.open(member('db-2'));
    w.open(member('db-2'));
    w.at(6 * MINUTE);
    expect(w.sent.map(({ command }) => command)).toEqual([
      { type: 'single', state: 'firing', member: member('db-1') },
      { type: 'group', key: `group:${5 * MINUTE}`, firing: [member('db-2')], resolved: [] },
    ]);
  });

  it('sends what it gathered with the next event when its wake-up comes late, never staying silent', () => {
    let state = initialGroupState(settings);
    const open = (m: GroupMember, at: number) =>
      decideGroup(state, { type: 'opened', member: m, at, settings });
    state = open(member('db-1'), 0).state;
    state = open(member('db-2'), MINUTE).state;
    // No `due` was delivered at 5 min; the next opening, at 7 min, carries db-2 along.
    expect(open(member('db-3'), 7 * MINUTE).commands).toEqual([
      { type: 'group', key: `group:${5 * MINUTE}`, firing: [member('db-2'), member('db-3')], resolved: [] },
    ]);
  });

  it('re-pages unacknowledged firing instances every repeat interval until they are acknowledged', () => {
    const repeating = { groupIntervalMs: 5 * MINUTE, repeatIntervalMs: 30 * MINUTE };
    const w = windowOn(repeating);
    w.open(member('db-1'));
    w.at(MINUTE);
    w.open(member('db-2'));
    w.at(65 * MINUTE);
    expect(w.sent.map(({ at, command }) => [at / MINUTE, command.type])).toEqual([
      [0, 'single'],
      [5, 'group'],
      [35, 'repeat'],
      [65, 'repeat'],
    ]);
    expect(w.sent.at(-1)?.command).toEqual({
      type: 'repeat',
      key: `repeat:${65 * MINUTE}`,
      instances: [member('db-1'), member('db-2')],
    });
    w.acknowledge('db-1');
    w.at(95 * MINUTE);
    expect(w.sent.at(-1)?.command).toEqual({
      type: 'repeat',
      key: `repeat:${95 * MINUTE}`,
      instances: [member('db-2')],
    });
    w.acknowledge('db-2');
    expect(nextDueAt(w.state())).toBeNull();
    w.at(500 * MINUTE);
    expect(w.sent).toHaveLength(5);
  });

  it('stops repeating an instance once it resolves', () => {
    const repeating = { groupIntervalMs: 5 * MINUTE, repeatIntervalMs: 10 * MINUTE };
    const w = windowOn(repeating);
    w.open(member('db-1'));
    w.at(2 * MINUTE);
    w.resolve(member('db-1', 'evt_r1'));
    w.at(100 * MINUTE);
    expect(w.sent.map(({ command }) => command.type)).toEqual(['single', 'group']);
  });

  it('never repeats sooner than the group interval', () => {
    const w = windowOn({ groupIntervalMs: 10 * MINUTE, repeatIntervalMs: MINUTE });
    w.open(member('db-1'));
    w.at(25 * MINUTE);
    expect(w.sent.map(({ at }) => at / MINUTE)).toEqual([0, 10, 20]);
  });

  it('keeps no firing instances in a window that does not repeat (a storm rewrites its state often)', () => {
    const w = windowOn();
    for (let i = 0; i < 50; i++) w.open(member(`db-${i}`));
    expect(w.state().unacknowledged).toEqual([]);
    const repeating = windowOn({ groupIntervalMs: 5 * MINUTE, repeatIntervalMs: 30 * MINUTE });
    repeating.open(member('db-1'));
    repeating.open(member('db-2'));
    expect(repeating.state().unacknowledged).toEqual([member('db-1'), member('db-2')]);
  });

  it('is restartable from its stored state: a window resumed mid-interval neither loses nor repeats', () => {
    const before = windowOn();
    before.open(member('db-1'));
    before.at(MINUTE);
    before.open(member('db-2'));
    // The process dies; the stored state is read back (plain JSON) and woken at its due time.
    const stored: GroupState = JSON.parse(JSON.stringify(before.state()));
    const decision = decideGroup(stored, { type: 'due', at: 5 * MINUTE });
    expect(decision.commands).toEqual([
      { type: 'group', key: `group:${5 * MINUTE}`, firing: [member('db-2')], resolved: [] },
    ]);
    // A wake-up replayed after the message went out finds nothing left to send.
    expect(decideGroup(decision.state, { type: 'due', at: 5 * MINUTE }).commands).toEqual([]);
  });
});

describe('groupKeyOf and groupWindowKey', () => {
  it('splits groups by the groupBy labels only, in any order', () => {
    const eu = groupKeyOf({ region: 'eu', pod: 'a' }, ['region']);
    expect(groupKeyOf({ region: 'eu', pod: 'b' }, ['region'])).toBe(eu);
    expect(groupKeyOf({ region: 'us', pod: 'a' }, ['region'])).not.toBe(eu);
    expect(groupKeyOf({ a: '1', b: '2' }, ['b', 'a'])).toBe(groupKeyOf({ b: '2', a: '1' }, ['a', 'b']));
    expect(groupKeyOf({ region: 'eu' }, [])).toBe('');
  });

  it('gives separate windows to the groups of a chat endpoint, one to a paging endpoint', () => {
    const eu = groupKeyOf({ region: 'eu' }, ['region']);
    const us = groupKeyOf({ region: 'us' }, ['region']);
    const chat = { ruleId: 'r_1', endpointId: 'ep_chat', lane: 'chat' } as const;
    expect(groupWindowKey({ ...chat, groupKey: eu })).not.toBe(groupWindowKey({ ...chat, groupKey: us }));
    const sms = { endpointId: 'ep_sms', lane: 'page' } as const;
    expect(groupWindowKey({ ...sms, ruleId: 'r_1', groupKey: eu })).toBe(
      groupWindowKey({ ...sms, ruleId: 'r_2', groupKey: us }),
    );
  });

  it('splits a storm by groupBy: each group pages its first instance at once', () => {
    const windows = new Map<string, GroupState>();
    const commands: GroupCommand[] = [];
    const fire = (region: string, pod: string, at: number) => {
      const key = groupWindowKey({
        ruleId: 'r_1',
        endpointId: 'ep_chat',
        lane: 'chat',
        groupKey: groupKeyOf({ region, pod }, ['region']),
      });
      const decision = decideGroup(windows.get(key) ?? initialGroupState(settings), {
        type: 'opened',
        member: member(`${region}/${pod}`),
        at,
        settings,
      });
      windows.set(key, decision.state);
      commands.push(...decision.commands);
    };
    fire('eu', 'a', 0);
    fire('eu', 'b', 1_000);
    fire('us', 'a', 2_000);
    expect(commands).toEqual([
      { type: 'single', state: 'firing', member: member('eu/a') },
      { type: 'single', state: 'firing', member: member('us/a') },
    ]);
    expect(windows.size).toBe(2);
  });
});
