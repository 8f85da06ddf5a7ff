export { loginBody, refreshBody, tokenPairSchema } from './auth/auth-schemas';
export { bearerToken } from './common/bearer-token';
export { type ErrorBody, errorBodySchema } from './common/error-body';
export { fieldErrorsFromIssues } from './common/field-errors';
export { idField, idList, requiredText, roleField } from './common/fields';
export { findNulPath, NUL_MESSAGE } from './common/nul-characters';
export { pageQuerySchema, pageQueryShape } from './common/page-query';
export { paginated } from './common/paginated';
export { teamBody, teamListQuery, teamViewSchema } from './teams/team-schemas';
export {
  changeOwnerBody,
  passwordChangeBody,
  userCreateBody,
  userListQuery,
  userOptionSchema,
  userUpdateBody,
  userViewSchema,
} from './users/user-schemas';
