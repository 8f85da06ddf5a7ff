import type { Role, User } from '../entities/user.entity';

/** A user as every face shows it (times as ISO 8601 text); never carries the password hash. */
export interface UserView {
  id: string;
  username: string;
  name: string;
  role: Role;
  /** Legacy clients read roles as a list. */
  roles: Role[];
  isSystemAdmin: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    roles: [user.role],
    isSystemAdmin: user.isSystemAdmin,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
