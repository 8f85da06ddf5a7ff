import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

const MEMBER = { username: 'admin-screens-member', password: 'member-password-1' };

/** Picks an option of a Mantine select or multi-select by its label. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).first().click();
  // Tab closes a multi-select's list (Escape would close the dialog around it too).
  await page.keyboard.press('Tab');
}

/** Nothing wider than the phone, once a dialog's opening transition has settled. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

let ruleId = '';
let endpointId = '';
let memberId = '';
let provider: FakeProviderOne;

test.beforeAll(async ({ playwright }) => {
  provider = await startFakeProviderOne();
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const rule = await createApiRule(request, E2E_BASE_URL, 'Payments latency');
  ruleId = rule.id;
  // The preview renders against the rule's last alert: one fires before the screen is opened.
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'latency_high',
    instance: 'checkout-7',
    description: 'p99 above 2 s',
  });
  const endpoint = await api.post('endpoint', {
    name: 'Ops Mattermost',
    type: 'matter-most',
    value: 'https://hooks.example.com/ops',
  });
  endpointId = endpoint.id;
  const member = await api.post('user', {
    username: MEMBER.username,
    name: 'Plain member',
    role: 'member',
    password: MEMBER.password,
    confirmPassword: MEMBER.password,
  });
  memberId = member.id;
  await request.dispose();
});

// The other spec files share this server: everything made here goes, so their empty states and
// lists are as they expect.
test.afterAll(async ({ playwright }) => {
  await provider.close();
  const request = await playwright.request.newContext();
  const login = await request.post(`${E2E_BASE_URL}/api/v1/auth/login`, { data: E2E_ADMIN });
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const remove = async (path: string) => {
    const answer = await request.delete(`${E2E_BASE_URL}/api/v1/${path}`, { headers });
    expect(answer.status(), `DELETE ${path}: ${await answer.text()}`).toBeLessThan(300);
  };
  const list = async (path: string): Promise<Array<{ id: string }>> => {
    const answer = await (await request.get(`${E2E_BASE_URL}/api/v1/${path}`, { headers })).json();
    return Array.isArray(answer) ? answer : (answer.items ?? answer.data ?? []);
  };
  if (ruleId) await remove(`alert-rule/${ruleId}`);
  if (endpointId) await remove(`endpoint/${endpointId}`);
  if (memberId) await remove(`user/${memberId}`);
  for (const source of await list('data-source')) await remove(`data-source/${source.id}`);
  for (const config of await list('config/call')) await remove(`config/call/${config.id}`);
  for (const proxy of await list('config/telegram')) await remove(`config/telegram/${proxy.id}`);
  await request.dispose();
});

test('creates a template behavior rule with its live preview, then a maintenance window', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Behavior rules' }).click();
  await expect(page.getByRole('heading', { name: 'Behavior rules', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose an alert rule')).toBeVisible();
  await pick(page, 'Alert rule', 'Payments latency');
  await expect(page).toHaveURL(new RegExp(`rule=${ruleId}`));
  await expect(page.getByText('No behavior rule')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New behavior rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New behavior rule' });
  // The filter pattern help opens from the keyboard.
  await dialog.getByRole('button', { name: 'How filter patterns work' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('binds tightest')).toBeVisible();
  // A pattern the core cannot parse is refused at its field.
  await dialog.getByRole('textbox', { name: 'Filter 1 pattern' }).fill('db-* &');
  await pick(page, 'Endpoints to page as well', /Ops Mattermost/);
  await dialog.getByRole('button', { name: 'Create behavior rule' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Filter 1 pattern' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(dialog.getByText(/The pattern is invalid/)).toBeVisible();

  await pick(page, 'Kind', 'Message template');
  const template = dialog.getByRole('textbox', { name: 'Template' });
  await template.fill('Paged: {{ rule.name }} on {{ instance }} ({{ state }})');
  await expect(dialog.getByTestId('template-preview')).toHaveText(
    'Paged: Payments latency on checkout-7 (critical)',
  );
  await expect(dialog.getByText('against the rule’s last alert')).toBeVisible();
  // A template that does not parse says why in the preview, before anything is saved.
  await template.fill('{% if instance %}no end');
  await expect(dialog.getByText('The template does not render')).toBeVisible();
  await template.fill('{{ state_line }} {{ rule.name }} on {{ instance }}');
  await expect(dialog.getByTestId('template-preview')).toContainText('Payments latency on checkout-7');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Short SMS text');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}behavior-template-light.png` });
  await dialog.getByRole('button', { name: 'Create behavior rule' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Short SMS text' });
  await expect(card).toContainText('Messages to Ops Mattermost are written from a template.');

  await page.getByRole('button', { name: 'New behavior rule' }).click();
  await pick(page, 'Kind', /Silence/);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Saturday upgrades');
  await dialog.getByRole('checkbox', { name: 'Maintenance window: silence at set times' }).check();
  await dialog.getByLabel('From', { exact: true }).fill('2026-12-05T22:00');
  await dialog.getByLabel('To', { exact: true }).fill('2026-12-05T21:00');
  await dialog.getByRole('checkbox', { name: 'Every week at these times' }).check();
  await dialog.getByRole('button', { name: 'Create behavior rule' }).click();
  // `to` before `from` is the core's 422, shown at the window's field.
  await expect(dialog.getByText(/after/i).first()).toBeVisible();
  await dialog.getByLabel('To', { exact: true }).fill('2026-12-06T02:00');
  await dialog.getByRole('button', { name: 'Create behavior rule' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Saturday upgrades' })).toContainText(
    'every week from 2026-12-05 22:00',
  );

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}behavior-rules-dark.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Edit Short SMS text' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Short SMS text' }).getByTestId('template-preview'),
  ).toContainText('Payments latency on checkout-7');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}behavior-template-phone.png` });
  expect(cspViolations).toEqual([]);
});

test('creates a data source and shows its receiver URL and what to paste', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Data sources' }).click();
  await expect(page.getByRole('heading', { name: 'Data sources', level: 1 })).toBeVisible();
  await expect(page.getByText('No data source yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New data source' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data source' });
  await pick(page, 'Type', /^Prometheus/);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Main Prometheus');
  await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill('ftp://prometheus');
  await dialog.getByRole('button', { name: 'Create data source' }).click();
  await expect(dialog.getByRole('textbox', { name: 'URL', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill('http://127.0.0.1:9');
  await dialog.getByRole('textbox', { name: 'API token', exact: true }).fill('prom-secret-token-1234');
  await dialog.getByRole('button', { name: 'Create data source' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Main Prometheus' });
  const receiver = card.getByLabel('Receiver URL', { exact: true });
  await expect(receiver).toContainText(`${E2E_BASE_URL}/api/v1/prometheus-alert/`);
  await expect(card.getByText('Unreachable')).toBeVisible();
  await card.getByRole('button', { name: 'What to paste on the Prometheus side' }).click();
  await expect(card.getByLabel('Alertmanager receiver', { exact: true })).toContainText('webhook_configs:');
  await expect(card.getByLabel('Prometheus alerting block', { exact: true })).toContainText(
    "targets: ['127.0.0.1:",
  );
  await expect(card.getByRole('button', { name: 'Copy receiver url' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}data-sources-light.png`, fullPage: true });

  // The receiver URL works: an Alertmanager webhook posted to it is taken.
  const url = (await receiver.textContent()) ?? '';
  const answer = await page.request.post(url, {
    data: { version: '4', status: 'firing', alerts: [] },
  });
  expect(answer.status(), await answer.text()).toBeLessThan(300);

  // Editing never shows the token in clear: the field holds the masked value.
  await card.getByRole('button', { name: 'Edit Main Prometheus' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Main Prometheus' });
  await expect(edit.getByRole('textbox', { name: 'API token', exact: true })).toHaveValue('********1234');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}data-sources-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('saves a provider config with its secret masked, and moves the default', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Call' }).click();
  await expect(page.getByText(/No Call config yet/i)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const create = async (name: string, token: string) => {
    await page.getByRole('button', { name: /^New Call config/i }).click();
    const dialog = page.getByRole('dialog', { name: /New Call config/i });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'API token', exact: true }).fill(token);
    // The fake provider stands in for the vendor, so a test send can be seen arriving.
    await dialog.getByRole('textbox', { name: 'Base URL', exact: true }).fill(provider.url);
    await dialog.getByRole('button', { name: 'Create config' }).click();
    return dialog;
  };
  const first = await create('Voice primary', 'call-secret-token-7777');
  await expect(first).toBeHidden();
  const table = page.getByRole('region', { name: /Call configs/i });
  await expect(table.getByRole('row', { name: /Voice primary/ })).toContainText('Default');
  await expect(table).toContainText('API token ********7777');
  await expect(page.getByText('call-secret-token-7777')).toHaveCount(0);

  const second = await create('Voice backup', 'call-backup-token-8888');
  await expect(second).toBeHidden();
  await table.getByRole('button', { name: 'Make Voice backup the backup' }).click();
  await expect(table.getByRole('row', { name: /Voice backup/ })).toContainText('Backup');

  await table.getByRole('button', { name: 'Edit Voice primary' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Voice primary' });
  await expect(edit.getByRole('textbox', { name: 'API token', exact: true })).toHaveValue('********7777');
  // Revealing the field shows the mask: the secret never reaches the browser.
  await edit
    .getByRole('button', { name: /toggle password visibility/i })
    .first()
    .click()
    .catch(() => undefined);
  await expect(edit.getByRole('textbox', { name: 'API token', exact: true })).toHaveValue('********7777');
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Voice main');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('row', { name: /Voice main/ })).toContainText('API token ********7777');

  // A test call goes out through this config now, with the stored (never shown) token.
  await table.getByRole('button', { name: 'Send a test through Voice main' }).click();
  const testDialog = page.getByRole('dialog', { name: 'Test Voice main' });
  const before = provider.requests.length;
  await testDialog.getByRole('textbox', { name: 'Phone number' }).fill('+15550199');
  await testDialog.getByRole('button', { name: 'Send test' }).click();
  await expect(testDialog.getByText('The provider accepted it', { exact: false })).toBeVisible();
  await expect.poll(() => provider.requests.length).toBe(before + 1);
  expect(provider.requests.at(-1)?.apiToken).toBe('call-secret-token-7777');
  expect(provider.requests.at(-1)?.query.receptor).toBe('+15550199');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}settings-provider-test-light.png` });
  await testDialog.getByRole('button', { name: 'Done' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}settings-providers-light.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Messenger proxies' }).click();
  await expect(page).toHaveURL(/tab=proxies/);
  await expect(page.getByText('No proxy')).toBeVisible();
  await page.getByRole('button', { name: 'New proxy' }).click();
  const proxy = page.getByRole('dialog', { name: 'New proxy' });
  await proxy.getByRole('textbox', { name: 'Name', exact: true }).fill('Office proxy');
  await proxy.getByRole('textbox', { name: 'Host' }).fill('proxy.internal');
  await proxy.getByRole('textbox', { name: 'Port' }).fill('3128');
  await proxy.getByLabel('Password', { exact: true }).fill('proxy-pass-4321');
  await proxy.getByRole('button', { name: 'Create proxy' }).click();
  await expect(proxy).toBeHidden();
  const proxies = page.getByRole('region', { name: 'Messenger proxies' });
  await expect(proxies).toContainText('********4321');
  await proxies.getByRole('button', { name: 'Activate Office proxy' }).click();
  await expect(proxies.getByText('Active', { exact: true })).toBeVisible();
  await proxies.getByRole('button', { name: 'Deactivate Office proxy' }).click();
  await expect(proxies.getByText('Inactive', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Cluster' }).click();
  await page.getByRole('radio', { name: /Agent/ }).check();
  await page.getByRole('button', { name: 'Save cluster config' }).click();
  await expect(page.getByRole('textbox', { name: "Main's URL" })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('radio', { name: /Main: serves everything/ }).check();
  await page.getByRole('button', { name: 'Save cluster config' }).click();
  await expect(page.getByText('This instance is a main.')).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('tab', { name: 'Provider configs' }).click();
  await page.getByRole('tab', { name: 'Call' }).click();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}settings-phone-dark.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a member sees no settings or data sources, even by their address', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(MEMBER.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Behavior rules' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Data sources' })).toHaveCount(0);
  for (const path of ['/settings', '/data-sources', '/settings?tab=cluster']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
  }
});
