import { E2E_SUBPATH_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, test } from './support/fixtures';

test('under PUBLIC_URL with a path, the UI and its API live under that path', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.goto(`${E2E_SUBPATH_URL}/`);
  await expect(page).toHaveURL(`${E2E_SUBPATH_URL}/login?redirect=%2F`);
  await logInThroughForm(page);
  await expect(page).toHaveURL(`${E2E_SUBPATH_URL}/`);
  const rule = await createApiRule(request, E2E_SUBPATH_URL, 'Sub-path rule');
  await fire(request, E2E_SUBPATH_URL, rule.apiToken, {
    alertname: 'queue_backlog',
    instance: 'worker-2',
    description: 'Backlog over 10,000 jobs.',
  });
  await expect(page.getByRole('article', { name: 'queue_backlog' })).toBeVisible();
  const refresh = (await page.context().cookies()).find((cookie) => cookie.name === 'oncall_refresh');
  expect(refresh?.path).toBe('/oncall/trpc/auth.browserRefresh');
  await page.reload();
  await expect(page.getByRole('article', { name: 'queue_backlog' })).toBeVisible();
  await page.getByRole('link', { name: 'Alert rules' }).click();
  await expect(page).toHaveURL(`${E2E_SUBPATH_URL}/rules`);
  expect(cspViolations).toEqual([]);
});
