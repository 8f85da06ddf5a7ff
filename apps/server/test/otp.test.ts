import { OtpCode } from '@oncall/core/persistence';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCodeSentTo, otpSends, requestCode } from './support/otp';
import { createTestApp, type TestApp } from './support/test-app';

const MINUTE = 60_000;
const SPENT = 'The code has expired or was used too many times; request a new one.';

describe('one-time codes', () => {
  let h: TestApp;
  let users = 0;

  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(() => h.dispose());

  /** A fresh member per test: throttling counts per user, and the clock moves on between tests. */
  const newUser = () => h.userWithToken(`otp-user-${++users}`, 'member');
  const send = (token: string, body: unknown) => h.call('POST', '/api/v1/endpoint/sendOTP', { token, body });
  const createEndpoint = (token: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/v1/endpoint', { token, body: { name: 'Verified', ...body } });
  const otpErrors = async (response: LightMyRequestResponse): Promise<Record<string, string[]>> => {
    expect(response.statusCode).toBe(422);
    return response.json().errors;
  };

  describe('POST /endpoint/sendOTP', () => {
    it('stores a sealed, hashed code, queues its delivery and answers 201 without it', async () => {
      const user = await newUser();
      const before = otpSends(h).length;
      const response = await send(user.token, { type: 'sms', value: '+989120000001' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ status: true, message: 'OTP sent.' });

      const em = h.t.database.db.orm.em.fork();
      const otp = await em.findOneOrFail(OtpCode, { user: user.id });
      const code = h.t.core.secretBox.decrypt(otp.sealedCode);
      expect(code).toMatch(/^\d{6}$/);
      expect(response.body).not.toContain(code);
      expect(otp).toMatchObject({ channel: 'sms', destination: '+989120000001', failedAttempts: 0 });
      expect(otp.consumedAt ?? null).toBeNull();
      expect(otp.codeHash).not.toContain(code);
      expect(otp.sealedCode).not.toContain(code);
      expect(otp.expiresAt.getTime() - h.t.clock.now().getTime()).toBe(5 * MINUTE);
      expect(otpSends(h).slice(before)).toEqual([{ type: 'sendOtp', otpId: otp.id, channel: 'sms' }]);
    });

    it('sends by call and email too', async () => {
      const user = await newUser();
      const before = otpSends(h).length;
      expect((await send(user.token, { type: 'call', value: '09120000002' })).statusCode).toBe(201);
      expect((await send(user.token, { type: 'email', value: 'someone@example.com' })).statusCode).toBe(201);
      expect(
        otpSends(h)
          .slice(before)
          .map((call) => call.channel),
      ).toEqual(['call', 'email']);
    });

    it('422s a missing or unsupported type and a destination that does not fit it', async () => {
      const user = await newUser();
      const before = otpSends(h).length;
      expect(Object.keys(await otpErrors(await send(user.token, {})))).toEqual(['type']);
      expect(Object.keys(await otpErrors(await send(user.token, { type: 'telegram', value: '1' })))).toEqual([
        'type',
      ]);
      for (const body of [
        { type: 'sms' },
        { type: 'sms', value: 'call me' },
        { type: 'call', value: '12' },
        { type: 'email', value: '+15550000' },
        { type: 'email', value: 42 },
      ]) {
        expect(Object.keys(await otpErrors(await send(user.token, body)))).toEqual(['value']);
      }
      expect(otpSends(h).length).toBe(before);
    });

    it('401s without a token', async () => {
      expect(
        (await h.call('POST', '/api/v1/endpoint/sendOTP', { body: { type: 'sms', value: '+15550000' } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('throttling', () => {
    it('allows 5 codes per user per 10 minutes, then 429 with Retry-After, and nothing queued', async () => {
      const user = await newUser();
      const before = otpSends(h).length;
      for (let i = 0; i < 5; i++) {
        expect((await send(user.token, { type: 'sms', value: `+1555100000${i}` })).statusCode).toBe(201);
      }
      h.t.clock.advance(MINUTE);
      const limited = await send(user.token, { type: 'sms', value: '+15551000009' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBe(9 * 60);
      expect(otpSends(h).length - before).toBe(5);

      h.t.clock.advance(9 * MINUTE + 1000);
      const fresh = await h.login(`otp-user-${users}`, `otp-user-${users}-password`);
      expect((await send(fresh.accessToken, { type: 'sms', value: '+15551000009' })).statusCode).toBe(201);
      expect(otpSends(h).length - before).toBe(6);
    });

    it('allows 3 codes per destination per 10 minutes, whoever asks', async () => {
      const destination = { type: 'call', value: '+15552000000' };
      const before = otpSends(h).length;
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      expect((await send(a.token, destination)).statusCode).toBe(201);
      expect((await send(a.token, destination)).statusCode).toBe(201);
      expect((await send(b.token, { ...destination, type: 'sms' })).statusCode).toBe(201);
      const limited = await send(c.token, destination);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(otpSends(h).length - before).toBe(3);
      // Another destination is unaffected.
      expect((await send(c.token, { type: 'call', value: '+15552000001' })).statusCode).toBe(201);
    });
  });

  describe('verifying on create', () => {
    it('accepts the right code once; the code is then spent', async () => {
      const user = await newUser();
      const otpCode = await requestCode(h, user.token, 'sms', '+15553000001');
      const created = await createEndpoint(user.token, { type: 'sms', value: '+15553000001', otpCode });
      expect(created.statusCode).toBe(201);
      const again = await createEndpoint(user.token, { type: 'sms', value: '+15553000001', otpCode });
      expect(await otpErrors(again)).toEqual({ otpCode: [SPENT] });
    });

    it('refuses a wrong code and counts it', async () => {
      const user = await newUser();
      const code = await requestCode(h, user.token, 'email', 'wrong@example.com');
      const wrong = code === '000000' ? '000001' : '000000';
      const refused = await createEndpoint(user.token, {
        type: 'email',
        value: 'wrong@example.com',
        otpCode: wrong,
      });
      expect(await otpErrors(refused)).toEqual({ otpCode: ['The code is invalid.'] });
      const otp = await h.t.database.db.orm.em.fork().findOneOrFail(OtpCode, { user: user.id });
      expect(otp.failedAttempts).toBe(1);
      // A wrong guess creates nothing.
      expect((await h.call('GET', '/api/v1/endpoint', { token: user.token })).json().total).toBe(0);
      const accepted = await createEndpoint(user.token, {
        type: 'email',
        value: 'wrong@example.com',
        otpCode: code,
      });
      expect(accepted.statusCode).toBe(201);
    });

    it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
      const user = await newUser();
      const code = await requestCode(h, user.token, 'call', '+15553000003');
      const wrong = code === '111111' ? '222222' : '111111';
      const body = { type: 'call', value: '+15553000003' };
      for (let i = 0; i < 5; i++) {
        const refused = await createEndpoint(user.token, { ...body, otpCode: wrong });
        expect(await otpErrors(refused)).toEqual({ otpCode: ['The code is invalid.'] });
      }
      expect(await otpErrors(await createEndpoint(user.token, { ...body, otpCode: code }))).toEqual({
        otpCode: [SPENT],
      });
      const fresh = await requestCode(h, user.token, 'call', '+15553000003');
      expect((await createEndpoint(user.token, { ...body, otpCode: fresh })).statusCode).toBe(201);
    });

    it('refuses an expired code', async () => {
      const user = await newUser();
      const otpCode = await requestCode(h, user.token, 'sms', '+15553000004');
      h.t.clock.advance(5 * MINUTE + 1000);
      const token = (await h.login(`otp-user-${users}`, `otp-user-${users}-password`)).accessToken;
      const refused = await createEndpoint(token, { type: 'sms', value: '+15553000004', otpCode });
      expect(await otpErrors(refused)).toEqual({ otpCode: [SPENT] });
    });

    it('counts only the newest code for a destination', async () => {
      const user = await newUser();
      const first = await requestCode(h, user.token, 'sms', '+15553000005');
      const second = await requestCode(h, user.token, 'sms', '+15553000005');
      const body = { type: 'sms', value: '+15553000005' };
      if (first !== second) {
        expect(await otpErrors(await createEndpoint(user.token, { ...body, otpCode: first }))).toEqual({
          otpCode: ['The code is invalid.'],
        });
      }
      expect((await createEndpoint(user.token, { ...body, otpCode: second })).statusCode).toBe(201);
    });

    it('refuses a code sent to another value, by another channel or to another user', async () => {
      const user = await newUser();
      const other = await newUser();
      const otpCode = await requestCode(h, user.token, 'sms', '+15553000006');
      const noCode = { otpCode: ['No code was sent to this destination; request one first.'] };
      expect(
        await otpErrors(await createEndpoint(user.token, { type: 'sms', value: '+15553000007', otpCode })),
      ).toEqual(noCode);
      expect(
        await otpErrors(await createEndpoint(user.token, { type: 'call', value: '+15553000006', otpCode })),
      ).toEqual(noCode);
      expect(
        await otpErrors(await createEndpoint(other.token, { type: 'sms', value: '+15553000006', otpCode })),
      ).toEqual(noCode);
      // Another user's code for the same number does not verify it for this one either.
      await requestCode(h, other.token, 'sms', '+15553000006');
      const otherCode = await lastCodeSentTo(h, '+15553000006');
      if (otherCode !== otpCode) {
        expect(
          await otpErrors(
            await createEndpoint(user.token, { type: 'sms', value: '+15553000006', otpCode: otherCode }),
          ),
        ).toEqual({ otpCode: ['The code is invalid.'] });
      }
      expect(
        (await createEndpoint(user.token, { type: 'sms', value: '+15553000006', otpCode })).statusCode,
      ).toBe(201);
    });
  });

  describe('verifying on update', () => {
    it('needs no code unless the value changes, and then a code for the new value', async () => {
      const user = await newUser();
      const first = await requestCode(h, user.token, 'sms', '+15554000001');
      const endpoint = (
        await createEndpoint(user.token, { type: 'sms', value: '+15554000001', otpCode: first })
      ).json();
      const put = (body: Record<string, unknown>) =>
        h.call('PUT', `/api/v1/endpoint/${endpoint.id}`, {
          token: user.token,
          body: { type: 'sms', ...body },
        });

      const renamed = await put({ name: 'Renamed', value: '+15554000001' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Renamed', value: '+15554000001' });

      expect(await otpErrors(await put({ name: 'Moved', value: '+15554000002' }))).toEqual({
        otpCode: ['The otp code field is required.'],
      });
      // The spent code of the old number proves nothing about the new one.
      expect(await otpErrors(await put({ name: 'Moved', value: '+15554000002', otpCode: first }))).toEqual({
        otpCode: ['No code was sent to this destination; request one first.'],
      });
      const second = await requestCode(h, user.token, 'sms', '+15554000002');
      const moved = await put({ name: 'Moved', value: '+15554000002', otpCode: second });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ name: 'Moved', value: '+15554000002' });
      // Stored, not only answered.
      expect(
        (await h.call('GET', `/api/v1/endpoint/${endpoint.id}`, { token: user.token })).json().value,
      ).toBe('+15554000002');
    });

    it('leaves the endpoint as it was when the new value’s code is wrong', async () => {
      const user = await newUser();
      const code = await requestCode(h, user.token, 'email', 'old@example.com');
      const endpoint = (
        await createEndpoint(user.token, { type: 'email', value: 'old@example.com', otpCode: code })
      ).json();
      const fresh = await requestCode(h, user.token, 'email', 'new@example.com');
      const wrong = fresh === '000000' ? '000001' : '000000';
      const refused = await h.call('PUT', `/api/v1/endpoint/${endpoint.id}`, {
        token: user.token,
        body: { name: 'Changed', type: 'email', value: 'new@example.com', otpCode: wrong },
      });
      expect(await otpErrors(refused)).toEqual({ otpCode: ['The code is invalid.'] });
      expect(
        (await h.call('GET', `/api/v1/endpoint/${endpoint.id}`, { token: user.token })).json(),
      ).toMatchObject({
        name: 'Verified',
        value: 'old@example.com',
      });
    });
  });
});
