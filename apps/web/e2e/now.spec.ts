import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

test('logs in, sees a fire arrive on Now without a reload, and acknowledges it', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}login-light.png` });
  await logInThroughForm(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  const rule = await createApiRule(request, E2E_BASE_URL, 'Checkout latency');
  // A mark the page would lose on a reload.
  await page.evaluate(() => document.body.setAttribute('data-loaded-once', 'yes'));
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'checkout_p99_high',
    instance: 'web-3',
    description: 'Checkout p99 latency is 2.4 s (threshold 1 s).',
  });
  const card = page.getByRole('article', { name: 'checkout_p99_high' });
  await expect(card).toBeVisible();
  await expect(card.getByText('web-3')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-loaded-once', 'yes');
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'checkout_errors',
    instance: 'web-1',
    description: '5xx ratio 7% over 5 minutes.',
  });
  await expect(page.getByTestId('firing-card')).toHaveCount(2);
  await expect(page.getByTestId('firing-summary')).toHaveText('2 critical · 0 warning');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}now-light.png`, fullPage: true });

  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByText(/^Acknowledged/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
  expect(cspViolations).toEqual([]);
});

test('dark theme, following the system and switched by the toggle', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('firing-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}now-dark.png`, fullPage: true });
  await page.getByRole('button', { name: 'Use light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Use dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(cspViolations).toEqual([]);
});

test('on a 375 px phone: Now, the navigation drawer, and the rule list', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await logInThroughForm(page);
  const card = page.getByTestId('firing-card').first();
  await expect(card).toBeVisible();
  // Nothing wider than the screen: no sideways scrolling on Now.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}now-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'Navigation' }).click();
  await page.getByRole('link', { name: 'Alert rules' }).click();
  await expect(page.getByRole('heading', { name: 'Alert rules' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Alert rules' }).getByRole('link', { name: 'Checkout latency' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('the rule list keeps its filters in the URL', async ({ page, cspViolations }) => {
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules?state=critical');
  await expect(
    page.getByRole('list', { name: 'Alert rules' }).getByRole('link', { name: 'Checkout latency' }),
  ).toBeVisible();
  await page.goto('/rules?state=resolved');
  await expect(page.getByText('No alert rules match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Checkout');
  await expect(page).toHaveURL(/name=Checkout/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/rules?name=Checkout');
  await expect(
    page.getByRole('list', { name: 'Alert rules' }).getByRole('link', { name: 'Checkout latency' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}rules-light.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a reload keeps the session (refresh cookie), logout ends it', async ({ page, cspViolations }) => {
  await page.goto('/login');
  await logInThroughForm(page);
  const cookies = await page.context().cookies();
  const refresh = cookies.find((cookie) => cookie.name === 'oncall_refresh');
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/trpc/auth.browserRefresh' });
  // Nothing of the session is in storage a script could read.
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toMatch(
    /eyJ|rt_/,
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(cspViolations).toEqual([]);
});
