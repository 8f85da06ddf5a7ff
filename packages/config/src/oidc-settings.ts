import { z } from 'zod';

/** Single sign-on over OpenID Connect, on when `OIDC_ISSUER_URL` is set. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  /** Unset for a public client (PKCE alone); never logged or answered. */
  clientSecret: string | undefined;
  scopes: string[];
  /** The ID token claim whose value(s) are matched against the group lists below. */
  groupsClaim: string;
  /** The claim a new user's username is taken from (falls back to `email`, then the subject). */
  usernameClaim: string;
  ownerGroups: string[];
  managerGroups: string[];
  /** Group → team name: membership of those teams follows the groups at every sign-in. */
  teamGroups: Array<{ group: string; team: string }>;
}

/** A comma-separated list; blanks around entries are dropped. */
export const commaList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** `group=Team name` pairs separated by commas; the team name may hold spaces, not commas. */
export const teamGroupsSchema = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const pairs: Array<{ group: string; team: string }> = [];
    for (const entry of text.split(',')) {
      if (entry.trim() === '') continue;
      const eq = entry.indexOf('=');
      const group = entry.slice(0, eq).trim();
      const team = entry.slice(eq + 1).trim();
      if (eq <= 0 || group === '' || team === '') {
        ctx.addIssue({ code: 'custom', message: `"${entry.trim()}" is not group=Team` });
        return z.NEVER;
      }
      pairs.push({ group, team });
    }
    return pairs;
  });

export const oidcEnvSchema = {
  OIDC_ISSUER_URL: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  OIDC_OWNER_GROUPS: commaList,
  OIDC_MANAGER_GROUPS: commaList,
  OIDC_TEAM_GROUPS: teamGroupsSchema,
  /** Password login for everyone (`true`) or for the system admin only (`false`, needs SSO). */
  LOCAL_LOGIN: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
};
