import {
  changeOwnerBody,
  idField,
  loginBody,
  passwordChangeBody,
  refreshBody,
  statusGroupBody,
  statusGroupListQuery,
  teamBody,
  teamListQuery,
  userCreateBody,
  userListQuery,
  userUpdateBody,
} from '@oncall/contracts';
import { z } from 'zod';

/**
 * The REST bodies made strict: REST ignores unknown fields for legacy clients, this new face
 * refuses them so typos surface. `.strict()` keeps a schema's refinements (the password match);
 * `.safeExtend()` is zod 4's way to add `id` to a refined object without dropping them.
 */
const id = { id: idField('id') };

export const loginInput = loginBody.strict();
export const refreshInput = refreshBody.required().strict();

export const idInput = z.strictObject(id);

/** Page defaults (and clamping) apply when the whole input is left out, as for an empty REST query. */
export const userListInput = userListQuery.strict().prefault({});
export const userCreateInput = userCreateBody.strict();
export const userUpdateInput = userUpdateBody.strict().extend(id);
export const passwordChangeInput = passwordChangeBody.strict().safeExtend(id);
export const changeOwnerInput = changeOwnerBody.strict();

export const teamListInput = teamListQuery.strict().prefault({});
export const teamCreateInput = teamBody.strict();
export const teamUpdateInput = teamBody.strict().extend(id);

export const statusGroupListInput = statusGroupListQuery.strict().prefault({});
export const statusGroupCreateInput = statusGroupBody.strict();
export const statusGroupUpdateInput = statusGroupBody.strict().extend(id);
