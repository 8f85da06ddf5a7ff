export type { Actor } from './auth/actor';
export type { LoginMeta, TokenPair } from './auth/auth-service';
export { argon2Hasher, type PasswordHasher } from './auth/password-hasher';
export { ensureSystemAdmin, type SystemAdminResult } from './bootstrap/ensure-system-admin';
export { type Core, type CoreDeps, type CoreSettings, createCore } from './core';
export { maskSecret, SecretBox } from './crypto/secret-box';
export * from './entities/index';
export {
  DomainError,
  type ErrorCode,
  type FieldErrors,
  forbidden,
  notFound,
  rateLimited,
  unauthenticated,
  validationFailed,
} from './errors/domain-error';
export type { OwnershipMover, OwnershipTransfer } from './ownership/ownership-transfer';
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Page, type PageQuery } from './pagination/page';
export { queryRows } from './persistence/query-rows';
export { type Clock, systemClock } from './ports/clock';
export type { EscalationStopReason, Orchestrator } from './ports/orchestrator';
export { openJson, sealJson } from './provider-configs/sealed-json';
export type { TeamInput, TeamListQuery } from './teams/team-service';
export type { TeamMemberView, TeamView } from './teams/team-view';
export type { CreateUserInput, UpdateUserInput, UserListQuery, UserOption } from './users/user-service';
export type { UserView } from './users/user-view';
export { assertIdExists, assertIdsExist } from './validation/existing-ids';
export { loadById } from './validation/find-by-id';
