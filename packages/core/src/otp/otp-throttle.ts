import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { OtpCode } from '../entities/otp-code.entity';
import { rateLimited } from '../errors/domain-error';
import type { Clock } from '../ports/clock';

export interface OtpSendLimits {
  /** Codes one user may request within the window, whatever the destination. */
  perUser: number;
  /** Codes one destination may receive within the window, whoever asks: no one floods a phone. */
  perDestination: number;
  windowSeconds: number;
}

export const DEFAULT_OTP_SEND_LIMITS: OtpSendLimits = { perUser: 5, perDestination: 3, windowSeconds: 600 };

/**
 * Counts the codes already stored instead of keeping counters in memory: the limit survives
 * restarts and holds across every node sharing the database.
 */
export class OtpThrottle {
  constructor(
    private readonly limits: OtpSendLimits,
    private readonly clock: Clock,
  ) {}

  async assertMaySend(em: EntityManager, userId: string, destination: string): Promise<void> {
    const waitMs = Math.max(
      await this.waitFor(em, { user: userId }, this.limits.perUser),
      await this.waitFor(em, { destination }, this.limits.perDestination),
    );
    if (waitMs > 0) throw rateLimited(waitMs / 1000, 'Too many codes requested. Try again later.');
  }

  /** How long until one more send fits: when the `limit`-th newest send leaves the window. */
  private async waitFor(em: EntityManager, scope: FilterQuery<OtpCode>, limit: number): Promise<number> {
    const now = this.clock.now().getTime();
    const windowMs = this.limits.windowSeconds * 1000;
    const recent = await em.find(
      OtpCode,
      { $and: [scope, { createdAt: { $gt: new Date(now - windowMs) } }] },
      { fields: ['createdAt'], orderBy: { createdAt: 'desc' }, limit },
    );
    const blocking = recent[limit - 1];
    return blocking ? blocking.createdAt.getTime() + windowMs - now : 0;
  }
}
