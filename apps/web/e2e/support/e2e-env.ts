/** The system admin the browser tests' server is started with. */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** Where the server under test listens: at the root, and a second one under a sub-path (another pair
 * of ports with `E2E_ROOT_PORT` and `E2E_SUBPATH_PORT`, for two runs on one machine). */
export const E2E_PORT = Number(process.env.E2E_ROOT_PORT ?? 3917);
export const E2E_SUBPATH_PORT = Number(process.env.E2E_SUBPATH_PORT ?? 3918);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_SUBPATH_URL = `http://127.0.0.1:${E2E_SUBPATH_PORT}/oncall`;

/** Who the sub-path server's OpenID provider signs in (that server runs with E2E_SSO). */
export const E2E_SSO_ACCOUNT = {
  sub: 'e2e-sso-subject',
  preferred_username: 'sso-erin',
  name: 'Erin Single-Sign-On',
  email: 'erin@example.test',
  email_verified: true,
  groups: ['oncall-leads'],
};
