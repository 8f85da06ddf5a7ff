import { E2E_SSO_ACCOUNT, E2E_SUBPATH_URL } from './support/e2e-env';
import { expect, seriousViolations, test } from './support/fixtures';

test('Sign in with SSO goes through the identity provider and lands signed in, under the sub-path', async ({
  page,
  cspViolations,
}) => {
  await page.goto(`${E2E_SUBPATH_URL}/login`);
  const sso = page.getByRole('link', { name: 'Sign in with SSO' });
  await expect(sso).toBeVisible();
  // Password login stays on beside it.
  await expect(page.getByLabel('Username')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '../../docs/ui/login-sso.png' });

  await sso.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${E2E_SUBPATH_URL}/`);
  const account = page.getByRole('button', { name: `Account: ${E2E_SSO_ACCOUNT.preferred_username}` });
  await expect(account).toBeVisible();
  await expect(account).toContainText(E2E_SSO_ACCOUNT.name);
  const refresh = (await page.context().cookies()).find((cookie) => cookie.name === 'oncall_refresh');
  expect(refresh?.path).toBe('/oncall/trpc/auth.browserRefresh');
  // The session survives a reload, as a password session does.
  await page.reload();
  await expect(account).toBeVisible();
  expect(cspViolations).toEqual([]);
});
