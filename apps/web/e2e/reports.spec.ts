import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const member = await api.post('user', {
    username: 'report-viewer',
    password: 'report-viewer-pass-1',
    name: 'Rea Porter',
    confirmPassword: 'report-viewer-pass-1',
    role: 'member',
  });
  const mine = await api.post('alert-rule', {
    type: 'api',
    name: 'Reported search latency',
    enableAutoResolve: false,
    userIds: [member.id],
  });
  const theirs = await api.post('alert-rule', {
    type: 'api',
    name: 'Secret billing rule',
    enableAutoResolve: false,
  });
  for (const instance of ['s-1', 's-2']) {
    await fire(request, E2E_BASE_URL, mine.apiToken, {
      alertname: 'search_slow',
      instance,
      description: 'slow',
    });
  }
  await fire(request, E2E_BASE_URL, theirs.apiToken, {
    alertname: 'billing',
    instance: 'b-1',
    description: 'x',
  });
  await request.dispose();
});

async function logInAs(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
}

test('reports the noisiest rules and response times; a member sees none of the rules not shared with it', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  const noisiest = page.getByRole('region', { name: 'Noisiest rules' });
  await expect(noisiest.getByRole('row', { name: /Reported search latency 2/ })).toBeVisible();
  await expect(noisiest.getByRole('cell', { name: 'Secret billing rule' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Response per rule' })
      .getByRole('cell', { name: 'Reported search latency' }),
  ).toBeVisible();
  await page.getByText('Last 30d').click();
  await expect(page.getByRole('radio', { name: 'Last 30d' })).toBeChecked();
  await expect(noisiest.getByRole('cell', { name: 'Reported search latency' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}reports-light.png`, fullPage: true });

  await page.context().clearCookies();
  await logInAs(page, 'report-viewer', 'report-viewer-pass-1');
  await page.goto('/reports');
  await expect(noisiest.getByRole('cell', { name: 'Reported search latency' })).toBeVisible();
  await expect(page.getByText('Secret billing rule')).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});

test('on a 375 px phone the tables scroll inside themselves', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/reports');
  await expect(page.getByRole('region', { name: 'Noisiest rules' }).getByRole('table')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}reports-phone-dark.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});
