import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'oncall-oidc-config-')) });

describe('single sign-on settings', () => {
  it('reads the provider, the group lists and the group-to-team pairs', () => {
    const config = loadConfig({
      ...base(),
      OIDC_ISSUER_URL: 'https://idp.example.com/realms/ops',
      OIDC_CLIENT_ID: 'oncall',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_OWNER_GROUPS: 'admins, sre-leads',
      OIDC_TEAM_GROUPS: 'dba=Database, web=Web team',
      LOCAL_LOGIN: 'false',
    });
    expect(config.localLogin).toBe(false);
    expect(config.oidc).toEqual({
      issuerUrl: 'https://idp.example.com/realms/ops',
      clientId: 'oncall',
      clientSecret: 'secret',
      scopes: ['openid', 'profile', 'email'],
      groupsClaim: 'groups',
      usernameClaim: 'preferred_username',
      ownerGroups: ['admins', 'sre-leads'],
      managerGroups: [],
      teamGroups: [
        { group: 'dba', team: 'Database' },
        { group: 'web', team: 'Web team' },
      ],
    });
  });

  it('is off without an issuer, with password login on', () => {
    const config = loadConfig(base());
    expect(config.oidc).toBeUndefined();
    expect(config.localLogin).toBe(true);
  });

  it('refuses settings nobody could sign in with, naming the variable', () => {
    const variables = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ ...base(), ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.problems.map((problem) => problem.variable);
        throw error;
      }
      return [];
    };
    expect(variables({ LOCAL_LOGIN: 'false' })).toEqual(['LOCAL_LOGIN']);
    expect(variables({ OIDC_ISSUER_URL: 'https://idp.example.com' })).toEqual(['OIDC_CLIENT_ID']);
    expect(variables({ OIDC_TEAM_GROUPS: 'no-equals-sign' })).toEqual(['OIDC_TEAM_GROUPS']);
  });
});
