import { createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../entities/index';
import type { Clock } from '../ports/clock';

/** What an acknowledge link is about: one episode of one rule, paged through one endpoint. */
export interface AckLinkClaims {
  readonly ruleId: string;
  readonly episodeId: string;
  readonly endpointId: string;
}

export type AckLinkCheck =
  | { readonly valid: true; readonly claims: AckLinkClaims }
  | { readonly valid: false; readonly reason: 'forged' | 'expired' };

export const DEFAULT_ACK_LINK_TTL_SECONDS = 7 * 24 * 3600;

const VERSION = 1;
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const MAC_BYTES = 16;
const BODY_BYTES = 1 + 3 * ID_BYTES + EXPIRY_BYTES;
const TOKEN_BYTES = BODY_BYTES + MAC_BYTES;
/** base64url of TOKEN_BYTES (69 bytes, no padding). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{92}$/;

/**
 * Signed, expiring acknowledge links for messages. The token is 69 bytes in base64url (92
 * characters, short enough for an SMS): version, rule, episode and endpoint ids, the expiry in unix
 * seconds, and an HMAC-SHA256 over all of it truncated to 128 bits. The key is derived from the JWT
 * secret under its own label, so no other token of the service can pass for a link, nor a link for
 * another token. Whether the episode is still open is the database's to say, not the token's.
 */
export class AckLinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds = DEFAULT_ACK_LINK_TTL_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update('oncall/ack-link').digest();
  }

  sign(claims: AckLinkClaims): string {
    const ids = [claims.ruleId, claims.episodeId, claims.endpointId];
    if (!ids.every(isId))
      throw new Error('An acknowledge link names a rule, an episode and an endpoint by id');
    const body = Buffer.alloc(BODY_BYTES);
    body.writeUInt8(VERSION, 0);
    ids.forEach((id, i) => {
      body.write(id.replaceAll('-', ''), 1 + i * ID_BYTES, 'hex');
    });
    const expiresAt = Math.floor(this.clock.now().getTime() / 1000) + this.ttlSeconds;
    body.writeUInt32BE(Math.min(expiresAt, 0xffffffff), 1 + 3 * ID_BYTES);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** `forged` for anything this service did not sign as it stands; `expired` past its lifetime. */
  verify(token: string): AckLinkCheck {
    if (!TOKEN_PATTERN.test(token)) return { valid: false, reason: 'forged' };
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== TOKEN_BYTES || bytes.readUInt8(0) !== VERSION)
      return { valid: false, reason: 'forged' };
    const body = bytes.subarray(0, BODY_BYTES);
    if (!timingSafeEqual(bytes.subarray(BODY_BYTES), this.mac(body)))
      return { valid: false, reason: 'forged' };
    const [ruleId, episodeId, endpointId] = [0, 1, 2].map((i) =>
      uuidText(body.subarray(1 + i * ID_BYTES, 1 + (i + 1) * ID_BYTES)),
    );
    if (!ruleId || !episodeId || !endpointId || ![ruleId, episodeId, endpointId].every(isId)) {
      return { valid: false, reason: 'forged' };
    }
    const expiresAt = body.readUInt32BE(1 + 3 * ID_BYTES);
    if (this.clock.now().getTime() >= expiresAt * 1000) return { valid: false, reason: 'expired' };
    return { valid: true, claims: { ruleId, episodeId, endpointId } };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
