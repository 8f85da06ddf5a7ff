import type { TokenPair } from '@oncall/core';
import type { Builder } from '../builder';
import type { UserType } from './user';

export const tokenPairType = (builder: Builder, user: UserType) =>
  builder.objectRef<TokenPair>('TokenPair').implement({
    description: 'A session: a short-lived access token and a single-use refresh token that rotates.',
    fields: (t) => ({
      accessToken: t.exposeString('accessToken', { description: 'Send as `Authorization: Bearer <token>`.' }),
      refreshToken: t.exposeString('refreshToken', {
        description: 'Spend once with `refresh`; reuse revokes the session.',
      }),
      tokenType: t.exposeString('tokenType'),
      expiresIn: t.exposeInt('expiresIn', { description: 'Seconds until the access token expires.' }),
      refreshExpiresIn: t.exposeInt('refreshExpiresIn', {
        description: 'Seconds until the session expires.',
      }),
      user: t.expose('user', { type: user }),
    }),
  });
