import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A member's `changeOwner` only offers the endpoint: it stays the giver's until the receiver
 * accepts. An owner or manager (an admin) still moves it at once.
 */
describe('endpoint hand-over needs the receiver to accept', () => {
  let h: TestApp;
  let admin: string;
  let giver: { id: string; token: string };
  let receiver: { id: string; token: string };
  let stranger: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.adminToken();
    giver = await h.userWithToken('transfer-giver', 'member');
    receiver = await h.userWithToken('transfer-receiver', 'member');
    stranger = await h.userWithToken('transfer-stranger', 'member');
  });
  afterAll(() => h.dispose());

  const createHook = async (name: string, token = giver.token) => {
    const response = await h.call('POST', '/api/v1/endpoint', {
      token,
      body: { name, type: 'teams', value: `https://hooks.example.com/${encodeURIComponent(name)}` },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; userId: string };
  };
  const offer = (endpointId: string, toUserId: string, token = giver.token) =>
    h.call('POST', `/api/v1/endpoint/changeOwner/${endpointId}`, { token, body: { userId: toUserId } });
  const incoming = async (token: string) => {
    const response = await h.call('GET', '/api/v1/endpoint/transfers', { token });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<{ id: string; endpointId: string; status: string; fromUserId: string }>;
  };
  const decide = (id: string, action: 'accept' | 'decline' | 'cancel', token: string) =>
    h.call('POST', `/api/v1/endpoint/transfers/${id}/${action}`, { token });
  const ownerOf = async (endpointId: string) =>
    (await h.call('GET', `/api/v1/endpoint/${endpointId}`, { token: admin })).json().userId;

  it("leaves a member's endpoint with the giver and shows the receiver a pending transfer", async () => {
    const hook = await createHook('offered');
    const answer = await offer(hook.id, receiver.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: hook.id,
      userId: giver.id,
      pending: true,
      transfer: { status: 'pending', toUserId: receiver.id },
    });
    expect(await ownerOf(hook.id)).toBe(giver.id);
    const listed = await incoming(receiver.token);
    expect(listed).toEqual([
      expect.objectContaining({
        id: answer.json().transfer.id,
        endpointId: hook.id,
        fromUserId: giver.id,
        toUserId: receiver.id,
        status: 'pending',
      }),
    ]);
    expect(await incoming(stranger.token)).toEqual([]);
  });

  it('moves the endpoint when the receiver accepts', async () => {
    const hook = await createHook('accepted');
    const transfer = (await offer(hook.id, receiver.id)).json().transfer;
    const accepted = await decide(transfer.id, 'accept', receiver.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: transfer.id, status: 'accepted', endpointId: hook.id });
    expect(await ownerOf(hook.id)).toBe(receiver.id);
    // Decided: it leaves the receiver's list and cannot be decided again.
    expect((await incoming(receiver.token)).map((t) => t.id)).not.toContain(transfer.id);
    expect((await decide(transfer.id, 'decline', receiver.token)).statusCode).toBe(409);
  });

  it('leaves the endpoint with the giver when the receiver declines', async () => {
    const hook = await createHook('declined');
    const transfer = (await offer(hook.id, receiver.id)).json().transfer;
    const declined = await decide(transfer.id, 'decline', receiver.token);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await ownerOf(hook.id)).toBe(giver.id);
  });

  it('answers 404 to a third user, and 403 to the giver accepting its own offer', async () => {
    const hook = await createHook('not yours');
    const transfer = (await offer(hook.id, receiver.id)).json().transfer;
    expect((await decide(transfer.id, 'accept', stranger.token)).statusCode).toBe(404);
    expect((await decide(transfer.id, 'cancel', stranger.token)).statusCode).toBe(404);
    expect((await decide(transfer.id, 'accept', giver.token)).statusCode).toBe(403);
    expect((await decide('not-an-id', 'accept', receiver.token)).statusCode).toBe(404);
    expect(await ownerOf(hook.id)).toBe(giver.id);
  });

  it('lets the giver cancel; a new offer replaces the pending one', async () => {
    const hook = await createHook('replaced');
    const first = (await offer(hook.id, receiver.id)).json().transfer;
    const second = (await offer(hook.id, stranger.id)).json().transfer;
    expect((await incoming(receiver.token)).map((t) => t.id)).not.toContain(first.id);
    expect((await decide(first.id, 'accept', receiver.token)).statusCode).toBe(409);
    const cancelled = await decide(second.id, 'cancel', giver.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await decide(second.id, 'accept', stranger.token)).statusCode).toBe(409);
    expect(await ownerOf(hook.id)).toBe(giver.id);
  });

  it('refuses the acceptance when the giver no longer owns the endpoint', async () => {
    const hook = await createHook('moved meanwhile');
    const transfer = (await offer(hook.id, receiver.id)).json().transfer;
    expect((await offer(hook.id, stranger.id, admin)).statusCode).toBe(200);
    expect((await decide(transfer.id, 'accept', receiver.token)).statusCode).toBe(409);
    expect(await ownerOf(hook.id)).toBe(stranger.id);
  });

  it('still moves at once when an owner-role user hands it over', async () => {
    const hook = await createHook('admin moves');
    const moved = await offer(hook.id, receiver.id, admin);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: hook.id, userId: receiver.id, pending: false });
    expect(await ownerOf(hook.id)).toBe(receiver.id);
  });
});
