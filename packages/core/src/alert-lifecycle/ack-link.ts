import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../ports/clock';

const ALGORITHM = 'HS256';
const AUDIENCE = 'oncall-ack';

/**
 * Signed, expiring acknowledge links for messages (SMS, chat), so a tap acknowledges without a
 * session. The `typ` and audience keep them apart from access tokens signed with the same secret.
 */
export class AckLinkSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds = 24 * 3600,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(ruleId: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ typ: 'ack' })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(ruleId)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /** True when the token is a live acknowledge link for exactly this rule. */
  async verify(token: string, ruleId: string): Promise<boolean> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        currentDate: this.clock.now(),
      });
      return payload.typ === 'ack' && payload.sub === ruleId;
    } catch (error) {
      if (error instanceof errors.JOSEError) return false;
      throw error;
    }
  }
}
