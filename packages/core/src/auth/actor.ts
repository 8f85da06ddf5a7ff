import type { Role } from '../entities/user.entity';

/** Who is calling: resolved from an access token by the transport, checked by every use case. */
export interface Actor {
  userId: string;
  role: Role;
  sessionId: string;
  isSystemAdmin: boolean;
}
