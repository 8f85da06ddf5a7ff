import { randomInt } from 'node:crypto';
import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/core';
import { typeChoiceMessage } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import { SecretBox } from '../crypto/secret-box';
import { type OtpChannel, OtpCode } from '../entities/otp-code.entity';
import { User } from '../entities/user.entity';
import { unauthenticated, validationFailed } from '../errors/domain-error';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import { type OtpTarget, otpCodeHash } from './otp-code-hash';
import type { OtpThrottle } from './otp-throttle';
import type { OtpVerdict } from './otp-verdict';

const CODE_TTL_MS = 5 * 60 * 1000;
/** Wrong guesses a code survives; with six digits that leaves a 1 in 200,000 chance per code. */
const MAX_FAILED_ATTEMPTS = 5;

export interface OtpRequest {
  type: OtpChannel;
  value: string;
}

/**
 * One-time codes proving a user controls a phone number or mailbox before it becomes an endpoint,
 * for the endpoint types whose channels carry codes (`capabilities.otp`). The engine delivers them;
 * only the newest code for a destination counts, so asking again replaces the previous one.
 */
export class OtpService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      orchestrator: Orchestrator;
      secretBox: SecretBox;
      throttle: OtpThrottle;
      clock: Clock;
      plugins: PluginRegistry;
    },
  ) {}

  async send(actor: Actor, request: OtpRequest): Promise<{ status: boolean; message: string }> {
    const { secretBox, throttle, clock, orchestrator, plugins } = this.deps;
    if (!plugins.otpEndpointTypes.includes(request.type)) {
      throw validationFailed({ type: [typeChoiceMessage(plugins.otpEndpointTypes)] });
    }
    await this.deps.orm.em.fork().transactional(async (tx) => {
      // Holding the caller's row makes one user's concurrent requests count one after another.
      const user = await tx.findOne(User, { id: actor.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw unauthenticated();
      await throttle.assertMaySend(tx, actor.userId, request.value);
      const target: OtpTarget = { userId: actor.userId, channel: request.type, destination: request.value };
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const now = clock.now();
      const otp = tx.create(OtpCode, {
        user,
        channel: target.channel,
        destination: target.destination,
        codeHash: otpCodeHash(secretBox, target, code),
        sealedCode: secretBox.encrypt(code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      await tx.flush();
      // Queued in this transaction: the code is stored and sent, or neither.
      await orchestrator.sendOtp(tx, { otpId: otp.id, channel: otp.channel });
    });
    return { status: true, message: 'OTP sent.' };
  }

  /**
   * Checks a code inside the caller's transaction. Accepted: the code is spent with whatever the
   * transaction writes. Wrong: the guess is counted; the caller must still commit, then refuse.
   */
  async redeem(tx: EntityManager, target: OtpTarget, code: string): Promise<OtpVerdict> {
    const latest = await tx.findOne(
      OtpCode,
      { user: target.userId, channel: target.channel, destination: target.destination },
      { orderBy: { createdAt: 'desc', id: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!latest) return 'missing';
    const now = this.deps.clock.now();
    if (latest.consumedAt || latest.expiresAt <= now || latest.failedAttempts >= MAX_FAILED_ATTEMPTS) {
      return 'spent';
    }
    if (!SecretBox.sameHash(latest.codeHash, otpCodeHash(this.deps.secretBox, target, code))) {
      latest.failedAttempts += 1;
      return 'wrong';
    }
    latest.consumedAt = now;
    return 'accepted';
  }
}
