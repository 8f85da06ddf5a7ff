import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const cart = await api.post('alert-rule', {
    type: 'api',
    name: 'Cart errors',
    tags: ['shop'],
    enableAutoResolve: false,
  });
  await api.post('alert-rule', {
    type: 'api',
    name: 'Cart latency',
    tags: ['shop'],
    enableAutoResolve: false,
  });
  await fire(request, E2E_BASE_URL, cart.apiToken, {
    alertname: 'cart_5xx',
    instance: 'web-1',
    description: '5xx',
  });
  await api.post('status', { name: 'Shop', tags: ['shop'] });
  await request.dispose();
});

test('the status page shows each tag group with its worst state', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Status' }).click();
  const card = page.getByRole('article', { name: 'Shop' });
  await expect(card.getByText('critical', { exact: true })).toBeVisible();
  await expect(card).toContainText('1 critical · 0 warning');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}status-light.png` });
  expect(cspViolations).toEqual([]);
});

test('the debugging timeline shows a bar for each chosen rule', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Timeline' }).click();
  await expect(page.getByText('Pick up to 20 rules')).toBeVisible();
  const rules = page.getByRole('combobox', { name: 'Rules' });
  for (const name of ['Cart errors', 'Cart latency']) {
    await rules.fill(name);
    await page.getByRole('option', { name }).click();
  }
  await expect(page.getByTestId('timeline-row')).toHaveCount(2);
  await expect(page.getByRole('img', { name: /^Cart errors over the last 24 h: .*critical/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByText('1 h', { exact: true }).click();
  await expect(page.getByRole('img', { name: /^Cart latency over the last 1 h/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}timeline-light.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}timeline-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('an owner creates, renames and deletes a status group, its tags picked', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/status');
  await page.getByRole('button', { name: 'New status group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New status group' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Carts');
  const tags = dialog.getByRole('combobox', { name: /^Tags/ });
  await tags.fill('shop');
  await page.keyboard.press('Enter');
  // The tag suggestions (tags other specs left on the shared server) would cover Save: leaving the
  // field closes them.
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}status-group-form-dark.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const carts = page.getByRole('article', { name: 'Carts' });
  await expect(carts).toContainText('1 critical · 0 warning');

  // Renamed from the keyboard: Edit, the name, Enter.
  await page.getByRole('button', { name: 'Edit Carts' }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Carts' });
  await edit.getByRole('textbox', { name: 'Name' }).fill('Carts and baskets');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: 'Carts and baskets' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Carts and baskets' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the status group Carts and baskets?' })
    .getByRole('button', { name: 'Delete the group' })
    .click();
  await expect(page.getByRole('article', { name: 'Carts and baskets' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Shop' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});
