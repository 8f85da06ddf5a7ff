export { loginBody, refreshBody, tokenPairSchema } from './auth/auth-schemas';
export { type ErrorBody, errorBodySchema } from './common/error-body';
export { idField, idList, requiredText, roleField } from './common/fields';
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
