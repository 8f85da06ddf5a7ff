import { PermanentError, TransientError } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { smtpChannelError } from '../src/smtp-error';

const nodemailerError = (facts: { code?: string; responseCode?: number; originalCode?: string }) =>
  Object.assign(new Error('smtp failure'), facts);

describe('smtpChannelError', () => {
  it.each([421, 450, 451, 452])('treats reply %i as transient', (responseCode) => {
    expect(smtpChannelError(nodemailerError({ code: 'EENVELOPE', responseCode }))).toBeInstanceOf(
      TransientError,
    );
  });

  it.each([530, 535, 550, 553, 554])('treats reply %i as permanent', (responseCode) => {
    expect(smtpChannelError(nodemailerError({ code: 'EENVELOPE', responseCode }))).toBeInstanceOf(
      PermanentError,
    );
  });

  it.each(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EDNS'])(
    'treats %s without a reply as transient',
    (code) => {
      expect(smtpChannelError(nodemailerError({ code }))).toBeInstanceOf(TransientError);
    },
  );

  it.each(['DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID'])(
    'treats a socket error for the certificate %s as a configuration problem',
    (originalCode) => {
      const error = smtpChannelError(nodemailerError({ code: 'ESOCKET', originalCode }));
      expect(error).toBeInstanceOf(PermanentError);
      expect(error.message).toContain(originalCode);
    },
  );

  it('treats other failures without a reply as configuration problems', () => {
    expect(smtpChannelError(nodemailerError({ code: 'EENVELOPE' }))).toBeInstanceOf(PermanentError);
    expect(smtpChannelError('odd')).toBeInstanceOf(PermanentError);
  });
});
