import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../ports/clock';

const ALGORITHM = 'HS256';
const ISSUER = 'oncall';
const AUDIENCE = 'oncall-api';
/**
 * How long past `exp` a token still passes. `exp` is whole seconds from the issuing second, so a
 * token lives up to a second less than the `expiresIn` a client counts from when it got the answer;
 * a client that renews only once its own count runs out (the legacy web UI does, and cannot retry a
 * 401 from its server) would send a token we call expired for that last second. The server-side
 * session is still checked, so a logged-out token gains nothing from it.
 */
const EXPIRY_LEEWAY_SECONDS = 5;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/**
 * Short-lived JWTs naming a server-side session. The algorithm is pinned and the `typ` claim is
 * checked, so no other token (refresh, link) can pass for an access token.
 */
export class AccessTokenIssuer {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get expiresInSeconds(): number {
    return this.ttlSeconds;
  }

  async issue(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * The user a token names, read without checking its signature: synchronous and cheap (the payload
   * segment decoded and parsed, nothing else; jose's `decodeJwt` cost a refusal several times as
   * much), so only for refusing a request (a forged token can make nothing but its own request
   * refused); undefined for anything that does not decode as a JWT naming a subject.
   */
  unverifiedSubject(token: string): string | undefined {
    const start = token.indexOf('.') + 1;
    const end = token.indexOf('.', start);
    if (start === 0 || end < 0) return undefined;
    try {
      const payload: unknown = JSON.parse(Buffer.from(token.slice(start, end), 'base64url').toString('utf8'));
      const sub =
        typeof payload === 'object' && payload !== null && 'sub' in payload ? payload.sub : undefined;
      return typeof sub === 'string' ? sub : undefined;
    } catch {
      return undefined;
    }
  }

  /** Returns the claims, or undefined for anything not a valid, unexpired access token of ours. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        clockTolerance: EXPIRY_LEEWAY_SECONDS,
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        return undefined;
      }
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
