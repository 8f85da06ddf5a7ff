import { AuthSession } from './auth-session.entity';
import { RefreshToken } from './refresh-token.entity';
import { Team } from './team.entity';
import { User } from './user.entity';

export { AuthSession } from './auth-session.entity';
export { isId, newId } from './new-id';
export { RefreshToken } from './refresh-token.entity';
export { Team } from './team.entity';
export { ROLES, type Role, User } from './user.entity';

/** The explicit entity list the ORM is configured with (no folder scanning). */
export const entities = [User, Team, AuthSession, RefreshToken];
