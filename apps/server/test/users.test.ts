import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';

describe('users', () => {
  let h: TestApp;
  let owner: string;
  let adminId: string;
  let manager: { id: string; token: string };
  let member: { id: string; token: string };
  let otherOwner: { id: string; token: string };

  beforeAll(async () => {
    h = await createTestApp();
    owner = await h.adminToken();
    adminId = (await h.call('POST', '/api/v1/auth/me', { token: owner })).json().id;
    manager = await h.userWithToken('manager1', 'manager');
    member = await h.userWithToken('member1', 'member');
    otherOwner = await h.userWithToken('owner2', 'owner');
  });
  afterAll(() => h.dispose());

  const newUser = (username: string, role = 'member') => ({
    username,
    name: `Name ${username}`,
    password: 'secret-pass-1',
    confirmPassword: 'secret-pass-1',
    role,
  });

  describe('GET /user', () => {
    it('lets owner and manager list, with the legacy paginator envelope', async () => {
      for (const token of [owner, manager.token]) {
        const response = await h.call('GET', '/api/v1/user?page=1&perPage=2', { token });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
        expect(body.total).toBeGreaterThanOrEqual(4);
        expect(body.last_page).toBe(Math.ceil(body.total / 2));
        expect(body.data[0].roles).toEqual([body.data[0].role]);
      }
    });

    it('forbids members and refuses anonymous callers', async () => {
      expect((await h.call('GET', '/api/v1/user', { token: member.token })).statusCode).toBe(403);
      expect((await h.call('GET', '/api/v1/user')).statusCode).toBe(401);
    });

    it('filters by partial, case-insensitive username and bounds perPage', async () => {
      const filtered = (await h.call('GET', '/api/v1/user?username=MEMB', { token: owner })).json();
      expect(filtered.data.map((u: { username: string }) => u.username)).toEqual(['member1']);
      const wildcard = (await h.call('GET', '/api/v1/user?username=%25', { token: owner })).json();
      expect(wildcard.total).toBe(0);
      expect((await h.call('GET', '/api/v1/user?perPage=1000', { token: owner })).json().per_page).toBe(100);
      expect((await h.call('GET', '/api/v1/user?perPage=0', { token: owner })).json().per_page).toBe(1);
      const bad = await h.call('GET', '/api/v1/user?perPage=lots&page=x', { token: owner });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'perPage']);
      const empty = (await h.call('GET', '/api/v1/user?page=999', { token: owner })).json();
      expect(empty).toMatchObject({ data: [], from: null, to: null, current_page: 999 });
    });
  });

  describe('POST /user', () => {
    it('creates users by role rules', async () => {
      expect(
        (await h.call('POST', '/api/v1/user', { token: owner, body: newUser('made-by-owner', 'owner') }))
          .statusCode,
      ).toBe(200);
      const byManager = await h.call('POST', '/api/v1/user', {
        token: manager.token,
        body: newUser('made-by-manager'),
      });
      expect(byManager.statusCode).toBe(200);
      expect(byManager.json()).toMatchObject({
        username: 'made-by-manager',
        role: 'member',
        roles: ['member'],
      });
      expect(
        (
          await h.call('POST', '/api/v1/user', {
            token: manager.token,
            body: newUser('owner-by-manager', 'owner'),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await h.call('POST', '/api/v1/user', { token: member.token, body: newUser('by-member') }))
          .statusCode,
      ).toBe(403);
      expect((await h.call('POST', '/api/v1/user', { body: newUser('anon') })).statusCode).toBe(401);
    });

    it('the created user can log in', async () => {
      await h.call('POST', '/api/v1/user', { token: owner, body: newUser('can-login') });
      expect((await h.login('can-login', 'secret-pass-1')).accessToken).toBeTruthy();
    });

    it('rejects missing fields, wrong types and a wrong confirmPassword with 422 and field paths', async () => {
      const missing = await h.call('POST', '/api/v1/user', { token: owner, body: {} });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors).sort()).toEqual([
        'confirmPassword',
        'name',
        'password',
        'role',
        'username',
      ]);
      const types = await h.call('POST', '/api/v1/user', {
        token: owner,
        body: { ...newUser('typed'), name: 42, role: 'emperor' },
      });
      expect(types.statusCode).toBe(422);
      expect(Object.keys(types.json().errors).sort()).toEqual(['name', 'role']);
      const mismatch = await h.call('POST', '/api/v1/user', {
        token: owner,
        body: { ...newUser('mismatch'), confirmPassword: 'other-pass-1' },
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toEqual({
        confirmPassword: ['The confirm password and password must match.'],
      });
      const short = await h.call('POST', '/api/v1/user', {
        token: owner,
        body: { ...newUser('short'), password: 'x', confirmPassword: 'x' },
      });
      expect(short.json().errors).toHaveProperty('password');
    });

    it('rejects a taken username with 422 on username', async () => {
      const response = await h.call('POST', '/api/v1/user', { token: owner, body: newUser('member1') });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ username: ['The username has already been taken.'] });
    });

    it('ignores unknown fields and never stores them', async () => {
      const response = await h.call('POST', '/api/v1/user', {
        token: owner,
        body: {
          ...newUser('sneaky'),
          isSystemAdmin: true,
          passwordHash: 'x',
          id: UNKNOWN_ID,
          favourite: 'pie',
        },
      });
      expect(response.statusCode).toBe(200);
      const created = response.json();
      expect(created.isSystemAdmin).toBe(false);
      expect(created.id).not.toBe(UNKNOWN_ID);
      expect(created).not.toHaveProperty('favourite');
      const read = (await h.call('GET', `/api/v1/user/${created.id}`, { token: owner })).json();
      expect(read).not.toHaveProperty('favourite');
      expect(await h.login('sneaky', 'secret-pass-1')).toHaveProperty('accessToken');
    });
  });

  describe('GET /user/all and /user/{id}', () => {
    it('gives every signed-in user the unpaginated list', async () => {
      const response = await h.call('GET', '/api/v1/user/all', { token: member.token });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(Array.isArray(list)).toBe(true);
      expect(list.find((u: { username: string }) => u.username === 'manager1')).toMatchObject({
        roles: ['manager'],
      });
      expect((await h.call('GET', '/api/v1/user/all')).statusCode).toBe(401);
    });

    it('reads one user, 404 for unknown and malformed ids', async () => {
      expect((await h.call('GET', `/api/v1/user/${member.id}`, { token: owner })).json().username).toBe(
        'member1',
      );
      expect((await h.call('GET', `/api/v1/user/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
      expect((await h.call('GET', '/api/v1/user/not-a-uuid', { token: owner })).statusCode).toBe(404);
    });
  });

  describe('PUT /user/{id}', () => {
    const update = (username: string, role = 'member') => ({ username, name: `Renamed ${username}`, role });

    it('lets the owner role update anyone and a manager update non-owners', async () => {
      const target = await h.t.createUser('edit-me', 'member');
      expect(
        (
          await h.call('PUT', `/api/v1/user/${target}`, { token: owner, body: update('edit-me', 'manager') })
        ).json().role,
      ).toBe('manager');
      expect(
        (await h.call('PUT', `/api/v1/user/${target}`, { token: manager.token, body: update('edit-me2') }))
          .statusCode,
      ).toBe(200);
    });

    it('forbids a manager from touching owners or promoting to owner', async () => {
      expect(
        (
          await h.call('PUT', `/api/v1/user/${otherOwner.id}`, {
            token: manager.token,
            body: update('owner2', 'owner'),
          })
        ).statusCode,
      ).toBe(403);
      const target = await h.t.createUser('promote-me', 'member');
      expect(
        (
          await h.call('PUT', `/api/v1/user/${target}`, {
            token: manager.token,
            body: update('promote-me', 'owner'),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('lets a member edit its own profile but not its role, nor anyone else', async () => {
      const self = await h.userWithToken('self-editor', 'member');
      const ok = await h.call('PUT', `/api/v1/user/${self.id}`, {
        token: self.token,
        body: update('self-editor'),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().name).toBe('Renamed self-editor');
      expect(
        (
          await h.call('PUT', `/api/v1/user/${self.id}`, {
            token: self.token,
            body: update('self-editor', 'owner'),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await h.call('PUT', `/api/v1/user/${manager.id}`, {
            token: self.token,
            body: update('manager1', 'manager'),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('keeps the system admin an owner, rejects taken usernames, 404s unknown ids, 422s bad bodies', async () => {
      expect(
        (await h.call('PUT', `/api/v1/user/${adminId}`, { token: owner, body: update('admin', 'member') }))
          .statusCode,
      ).toBe(422);
      const taken = await h.call('PUT', `/api/v1/user/${member.id}`, {
        token: owner,
        body: update('manager1'),
      });
      expect(taken.json().errors).toEqual({ username: ['The username has already been taken.'] });
      expect(
        (await h.call('PUT', `/api/v1/user/${UNKNOWN_ID}`, { token: owner, body: update('x') })).statusCode,
      ).toBe(404);
      const bad = await h.call('PUT', `/api/v1/user/${member.id}`, { token: owner, body: { username: '' } });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'role', 'username']);
    });
  });

  describe('PUT /user/pass/{id}', () => {
    it('changes a password and ends the other sessions of that user', async () => {
      const user = await h.userWithToken('pw-user', 'member');
      const other = await h.login('pw-user', 'pw-user-password');
      const response = await h.call('PUT', `/api/v1/user/pass/${user.id}`, {
        token: user.token,
        body: {
          password: 'brand-new-pass',
          confirmPassword: 'brand-new-pass',
          currentPassword: 'pw-user-password',
        },
      });
      expect(response.statusCode).toBe(200);
      expect((await h.call('POST', '/api/v1/auth/me', { token: user.token })).statusCode).toBe(200);
      expect((await h.call('POST', '/api/v1/auth/me', { token: other.accessToken })).statusCode).toBe(401);
      expect(await h.login('pw-user', 'brand-new-pass')).toHaveProperty('accessToken');
    });

    it('applies role rules and validation', async () => {
      const body = { password: 'another-pass-1', confirmPassword: 'another-pass-1' };
      expect(
        (await h.call('PUT', `/api/v1/user/pass/${manager.id}`, { token: member.token, body })).statusCode,
      ).toBe(403);
      expect(
        (await h.call('PUT', `/api/v1/user/pass/${otherOwner.id}`, { token: manager.token, body }))
          .statusCode,
      ).toBe(403);
      expect(
        (await h.call('PUT', `/api/v1/user/pass/${UNKNOWN_ID}`, { token: owner, body })).statusCode,
      ).toBe(404);
      const mismatch = await h.call('PUT', `/api/v1/user/pass/${member.id}`, {
        token: owner,
        body: { password: 'another-pass-1', confirmPassword: 'different-1' },
      });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toHaveProperty('confirmPassword');
    });
  });

  describe('DELETE /user/{id}', () => {
    it('returns the deleted record and hands owned teams to the system admin', async () => {
      const leaver = await h.t.createUser('leaver', 'member');
      const team = await h.call('POST', '/api/v1/team', {
        token: owner,
        body: { name: 'leaver-team', ownerId: leaver, userIds: [leaver] },
      });
      const response = await h.call('DELETE', `/api/v1/user/${leaver}`, { token: owner });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: leaver, username: 'leaver' });
      expect((await h.call('GET', `/api/v1/user/${leaver}`, { token: owner })).statusCode).toBe(404);
      const after = (await h.call('GET', `/api/v1/team/${team.json().id}`, { token: owner })).json();
      expect(after.ownerId).toBe(adminId);
      expect(after.userIds).toEqual([]);
    });

    it('never deletes the system admin, and applies role rules', async () => {
      expect(
        (await h.call('DELETE', `/api/v1/user/${adminId}`, { token: otherOwner.token })).statusCode,
      ).toBe(403);
      expect(
        (await h.call('DELETE', `/api/v1/user/${otherOwner.id}`, { token: manager.token })).statusCode,
      ).toBe(403);
      const victim = await h.t.createUser('victim-of-member', 'member');
      expect((await h.call('DELETE', `/api/v1/user/${victim}`, { token: member.token })).statusCode).toBe(
        403,
      );
      expect((await h.call('DELETE', `/api/v1/user/${victim}`, { token: manager.token })).statusCode).toBe(
        200,
      );
      expect((await h.call('DELETE', `/api/v1/user/${UNKNOWN_ID}`, { token: owner })).statusCode).toBe(404);
      expect((await h.call('DELETE', `/api/v1/user/${victim}`)).statusCode).toBe(401);
    });
  });

  describe('POST /user/changeOwner', () => {
    it('moves everything the user owns; owner role only', async () => {
      const from = await h.t.createUser('from-user', 'member');
      const to = await h.t.createUser('to-user', 'member');
      const team = (
        await h.call('POST', '/api/v1/team', {
          token: owner,
          body: { name: 'moving', ownerId: from, userIds: [] },
        })
      ).json();
      expect(
        (
          await h.call('POST', '/api/v1/user/changeOwner', {
            token: manager.token,
            body: { fromUser: from, toUser: to },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await h.call('POST', '/api/v1/user/changeOwner', {
            token: member.token,
            body: { fromUser: from, toUser: to },
          })
        ).statusCode,
      ).toBe(403);
      const response = await h.call('POST', '/api/v1/user/changeOwner', {
        token: owner,
        body: { fromUser: from, toUser: to },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: true, moved: { teams: 1 } });
      expect((await h.call('GET', `/api/v1/team/${team.id}`, { token: owner })).json().ownerId).toBe(to);
    });

    it('422s missing or unknown users', async () => {
      const missing = await h.call('POST', '/api/v1/user/changeOwner', { token: owner, body: {} });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors).sort()).toEqual(['fromUser', 'toUser']);
      const unknown = await h.call('POST', '/api/v1/user/changeOwner', {
        token: owner,
        body: { fromUser: member.id, toUser: UNKNOWN_ID },
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ toUser: ['The selected user is invalid.'] });
    });
  });
});
