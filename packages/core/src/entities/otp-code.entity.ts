import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';
import { User } from './user.entity';

/** An endpoint type whose channels carry one-time codes (`capabilities.otp`), e.g. `sms`. */
export type OtpChannel = string;

/**
 * A one-time code proving a user controls a destination before it becomes an endpoint. Only a
 * keyed hash of the code is stored; the sealed copy exists so the delivery job can send it.
 */
const OtpCodeSchema = defineEntity({
  name: 'OtpCode',
  tableName: 'otp_codes',
  indexes: [{ properties: ['user', 'channel', 'destination'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    channel: p.text(),
    destination: p.string(),
    codeHash: p.string(),
    sealedCode: p.text(),
    expiresAt: p.datetime(),
    failedAttempts: p.integer().default(0),
    consumedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class OtpCode extends OtpCodeSchema.class {}
OtpCodeSchema.setClass(OtpCode);

export { OtpCodeSchema };
