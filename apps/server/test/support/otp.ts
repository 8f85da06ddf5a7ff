import { OtpCode } from '@oncall/core/persistence';
import { type RecordedCall, RecordingOrchestrator } from '@oncall/testing';
import type { TestApp } from './test-app';

/**
 * The newest code sent to a destination, opened the way the engine opens it before delivering:
 * tests read what the user would find in the SMS or mailbox.
 */
export async function lastCodeSentTo(h: TestApp, destination: string): Promise<string> {
  const otp = await h.t.database.db.orm.em
    .fork()
    .findOneOrFail(OtpCode, { destination }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return h.t.core.secretBox.decrypt(otp.sealedCode);
}

/** Asks for a code as `token`'s user and returns the code that user would receive. */
export async function requestCode(
  h: TestApp,
  token: string,
  type: 'sms' | 'call' | 'email',
  value: string,
): Promise<string> {
  const sent = await h.call('POST', '/api/v1/endpoint/sendOTP', { token, body: { type, value } });
  if (sent.statusCode !== 201) throw new Error(`sendOTP ${type} ${value} → ${sent.statusCode}: ${sent.body}`);
  return lastCodeSentTo(h, value);
}

/** The OTP sends the core asked the engine for, in order. */
export function otpSends(h: TestApp): Extract<RecordedCall, { type: 'sendOtp' }>[] {
  const orchestrator = h.t.core.orchestrator;
  if (!(orchestrator instanceof RecordingOrchestrator))
    throw new Error('expected the recording orchestrator');
  return orchestrator.calls.filter((call) => call.type === 'sendOtp');
}
