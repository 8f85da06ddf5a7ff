import { describe, expect, it } from 'vitest';
import { type DeliveryShares, LaneSlots } from '../src/delivery/lane-slots';

const limits = { perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 };
const send = (endpointOwnerId: string, ruleId: string, ruleOwnerId: string): DeliveryShares => ({
  lane: 'chat',
  endpointOwnerId,
  ruleId,
  ruleOwnerId,
});

describe('LaneSlots', () => {
  it('bounds one rule whose endpoints belong to many owners', () => {
    const slots = new LaneSlots(limits);
    const taken = ['u1', 'u2', 'u3', 'u4', 'u5'].map((owner) => slots.take(send(owner, 'r1', 'giver')));

    expect(taken.map((slot) => slot.taken)).toEqual([true, true, true, false, false]);
    expect(taken[3]).toEqual({ taken: false, busy: 'chat:rule:r1' });
  });

  it("bounds one rule owner's rules, and frees the share when a send ends", () => {
    const slots = new LaneSlots(limits);
    const held = ['r1', 'r2', 'r3', 'r4'].map((rule, i) => slots.take(send(`u${i}`, rule, 'giver')));
    expect(slots.take(send('u9', 'r5', 'giver'))).toEqual({ taken: false, busy: 'chat:ruleOwner:giver' });

    const first = held[0];
    if (!first?.taken) throw new Error('the first send had a slot');
    expect(first.release()).toEqual(['chat:ruleOwner:giver']);
    expect(first.release()).toEqual([]);
    expect(slots.take(send('u9', 'r5', 'giver')).taken).toBe(true);
  });

  it('counts each lane apart, and leaves other claimants their slots', () => {
    const slots = new LaneSlots(limits);
    for (let i = 0; i < 2; i += 1) slots.take(send('tarpit-owner', `r${i}`, `o${i}`));

    expect(slots.take(send('tarpit-owner', 'r9', 'o9')).taken).toBe(false);
    expect(slots.take({ ...send('tarpit-owner', 'r9', 'o9'), lane: 'email' }).taken).toBe(true);
    expect(slots.take(send('someone-else', 'r9', 'o9')).taken).toBe(true);
    expect(slots.runningFor('chat:endpointOwner:tarpit-owner')).toBe(2);
  });
});
