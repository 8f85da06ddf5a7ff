import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));

test.describe.configure({ mode: 'serial' });

const MEMBER = { username: 'zones-member', password: 'member-password-1' };
let memberId = '';

/** Nothing wider than the phone, once a dialog's opening transition has settled. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const member = await api.post('user', {
    username: MEMBER.username,
    name: 'Zone member',
    role: 'member',
    password: MEMBER.password,
    confirmPassword: MEMBER.password,
  });
  memberId = member.id;
  await request.dispose();
});

// The other spec files share this server: the zones, their silence rules and the member go.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  for (const zone of (await api.get('zones')) as Array<{ id: string }>) await api.delete(`zones/${zone.id}`);
  const rules = (await api.get('alert-rule?name=Zone&per_page=100')) as {
    data: Array<{ id: string; name: string }>;
  };
  for (const rule of rules.data) {
    if (/^Zone ".*" is silent$/.test(rule.name)) await api.delete(`alert-rule/${rule.id}`);
  }
  if (memberId) await api.delete(`user/${memberId}`);
  await request.dispose();
});

test('registers a zone, shows its token once, sees it connect, rotates, revokes and deletes it', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Zones' }).click();
  await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible();
  await expect(page.getByText('No agent zones')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A bad URL is refused at its field; the form keeps what was typed.
  await page.getByRole('button', { name: 'Register zone' }).click();
  const form = page.getByRole('form', { name: 'Zone' });
  await form.getByRole('textbox', { name: 'Name' }).fill('fra');
  await form.getByRole('textbox', { name: 'URL' }).fill('not a url');
  await form.getByRole('button', { name: 'Register zone' }).click();
  await expect(form.getByText('The url must be an http(s) URL.')).toBeVisible();
  await form.getByRole('textbox', { name: 'URL' }).fill('https://127.0.0.1:9/fra');
  await form.getByRole('button', { name: 'Register zone' }).press('Enter');

  // The token, this once, with what to paste on the agent.
  const dialog = page.getByRole('dialog', { name: 'The token of fra' });
  await expect(dialog.getByText('Shown this once')).toBeVisible();
  const token = (await dialog.getByLabel('Token', { exact: true }).textContent()) ?? '';
  expect(token).toMatch(/^zt_/);
  await expect(dialog.getByLabel('Agent cluster configuration')).toContainText('"type":"agent"');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('region', { name: 'Zones' });
  await expect(table.getByText('never heard')).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  // The agent reports with its token: the row says connected, its version and lag.
  const heartbeat = await request.post(`${E2E_BASE_URL}/api/v1/zones/heartbeat`, {
    headers: { authorization: `Bearer ${token}` },
    data: { version: '9.9.9', sentAt: new Date().toISOString() },
  });
  expect(heartbeat.status(), await heartbeat.text()).toBeLessThan(300);
  await page.reload();
  await expect(table.getByText('connected', { exact: true })).toBeVisible();
  await expect(table.getByText('9.9.9')).toBeVisible();

  // The header's zone menu: the screens show the main; each agent with its state.
  await page.getByRole('button', { name: 'Zone: main' }).click();
  await expect(page.getByRole('menu').getByText('Showing: main (this server)')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /fra/ })).toContainText('connected');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: `${SHOTS}zones-light.png`, fullPage: true });

  // Rotating shows the new token once; revoking cuts the agent off.
  await page.getByRole('button', { name: 'Rotate the token of fra' }).click();
  await page
    .getByRole('dialog', { name: 'Rotate the token of fra?' })
    .getByRole('button', { name: 'Rotate token' })
    .click();
  const rotated = page.getByRole('dialog', { name: 'The token of fra' });
  const second = (await rotated.getByLabel('Token', { exact: true }).textContent()) ?? '';
  expect(second).toMatch(/^zt_/);
  expect(second).not.toBe(token);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Revoke the token of fra' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the token of fra?' })
    .getByRole('button', { name: 'Revoke token' })
    .click();
  await expect(table.getByText('token revoked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zone: main, 1 agent not connected' })).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}zones-dark.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}zones-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Delete fra' }).click();
  await page
    .getByRole('dialog', { name: 'Delete fra?' })
    .getByRole('button', { name: 'Delete zone' })
    .click();
  await expect(page.getByText('No agent zones')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('a member sees neither the zone menu nor the Zones screen', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(MEMBER.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Zones' }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Zone:/ })).toHaveCount(0);
  await page.goto('/zones');
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
});

test('picking a zone sends X-Cluster with forwarded calls, shows the banner and goes back', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const zone = (await api.post('zones', { name: 'ams', url: 'https://127.0.0.1:9/ams' })) as {
    zone?: { id: string };
    id?: string;
  };
  await request.dispose();
  const zoneId = zone.zone?.id ?? zone.id ?? '';
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();

  const forwarded = page.waitForRequest(
    (req) => req.url().includes('/trpc/') && !/\/trpc\/(auth|zones|live)\./.test(req.url()),
  );
  await page.getByRole('button', { name: /^Zone: main/ }).click();
  await page.getByRole('menuitem', { name: /ams/ }).click();
  expect((await forwarded).headers()['x-cluster']).toBe(zoneId);
  await expect(page.getByRole('status', { name: 'Zone' })).toContainText('Viewing zone ams');
  await expect(page.getByRole('button', { name: /^Zone: ams/ })).toBeVisible();
  // Nothing listens at its URL: the main answers 502, which the banner puts in words.
  await expect(page.getByRole('status', { name: 'Zone' })).toContainText('The zone cannot be reached');
  await page.screenshot({ path: 'test-results/zone-switched.png', fullPage: true });

  // The choice holds for the tab across a reload; the main's own calls never carry the header.
  const own = page.waitForRequest((req) => /\/trpc\/zones\./.test(req.url()));
  await page.reload();
  expect((await own).headers()['x-cluster']).toBeUndefined();
  await expect(page.getByRole('status', { name: 'Zone' })).toContainText('Viewing zone ams');

  // A zone the main no longer knows is answered 404 (stood in for here: the row still lists it).
  await page.route(/\/trpc\/(?!auth|zones|live)/, (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { message: 'zone not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } },
      }),
    }),
  );
  await page.reload();
  await expect(page.getByRole('status', { name: 'Zone' })).toContainText('does not know the zone');
  await page.unroute(/\/trpc\/(?!auth|zones|live)/);

  await page.getByRole('button', { name: 'Back to main' }).click();
  await expect(page.getByRole('status', { name: 'Zone' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Zone: main/ })).toBeVisible();
});
