import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

const CHAT = 'Rules chat';
const STANDBY = 'Rules standby chat';
const FLOW = 'Rules urgent flow';
const CHAT_LABEL = `Mattermost '${CHAT}'`;
const STANDBY_LABEL = `Mattermost '${STANDBY}'`;

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Nothing wider than the phone. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'How you are paged' })).toBeVisible();
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  // Chat webhooks need no one-time code: the admin's own contact methods for this file.
  for (const [name, path] of [
    [CHAT, 'rules-chat'],
    [STANDBY, 'rules-standby'],
  ])
    await api.post('endpoint', { name, type: 'matter-most', value: `https://hooks.example.com/${path}` });
  await request.dispose();
});

// Other spec files share this server: what this one made goes, whatever failed, each removal
// tried even if another fails. Deleting an endpoint deletes the rules naming it; they go first anyway.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const failures: string[] = [];
  const remove = async (path: string) => {
    try {
      await api.delete(path);
    } catch (error) {
      failures.push(String(error));
    }
  };
  const endpoints: Array<{ id: string; name: string }> = (await api.get('endpoint?perPage=100')).data;
  const mine = (names: string[]) => endpoints.filter((endpoint) => names.includes(endpoint.name));
  const ownIds = new Set(mine([CHAT, STANDBY]).map((endpoint) => endpoint.id));
  const rules: Array<{ id: string; endpointId: string }> = await api.get('profile/notification-rule');
  for (const rule of rules.filter((found) => ownIds.has(found.endpointId)))
    await remove(`profile/notification-rule/${rule.id}`);
  for (const endpoint of mine([FLOW, CHAT, STANDBY])) await remove(`endpoint/${endpoint.id}`);
  await request.dispose();
  expect(failures).toEqual([]);
});

test('profile: adds, orders, edits and removes notification rules per urgency; a 422 at its field', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await openProfile(page);
  const section = page.getByRole('region', { name: 'How you are paged' });
  await expect(section.getByText('No rules yet: every endpoint you own is paged at once')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Create an endpoint' })).toHaveAttribute(
    'href',
    /\/endpoints$/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // By keyboard: the Add button shows its focus and opens the form; Escape closes it.
  const addDefault = section.getByRole('button', { name: 'Add a default-urgency rule' });
  await addDefault.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(addDefault).toBeFocused();
  expect(await addDefault.evaluate((button) => getComputedStyle(button).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New notification rule' });
  // The focus moves into the form, to the endpoint to pick.
  await expect(dialog.getByRole('combobox', { name: /^Endpoint/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // At once: the chat; after 2 minutes: the standby chat.
  for (const [label, delay] of [
    [CHAT_LABEL, '0'],
    [STANDBY_LABEL, '2'],
  ] as const) {
    await addDefault.click();
    await pick(page, /^Endpoint/, label);
    await dialog.getByRole('textbox', { name: /^Delay in minutes/ }).fill(delay);
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(dialog).toBeHidden();
  }
  const defaults = section.getByRole('list', { name: 'Default urgency rules' });
  await expect(defaults.getByRole('listitem')).toHaveCount(2);
  await expect(defaults.getByRole('listitem').first()).toContainText(`at once: ${CHAT_LABEL}`);
  await expect(defaults.getByRole('listitem').last()).toContainText(`after 2 min: ${STANDBY_LABEL}`);
  await expect(section.getByText('No rules yet')).toHaveCount(0);
  await expect(
    section.getByText('No high-urgency rules: a high-urgency page runs your default-urgency rules.'),
  ).toBeVisible();

  // The same rule again: the server's 422 shows at the endpoint, the form stays.
  await addDefault.click();
  await pick(page, /^Endpoint/, CHAT_LABEL);
  await dialog.getByRole('textbox', { name: /^Delay in minutes/ }).fill('0');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByRole('combobox', { name: /^Endpoint/ })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // High urgency: the standby chat at once.
  await section.getByRole('button', { name: 'Add a high-urgency rule' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Urgency' })).toHaveValue('High urgency');
  await pick(page, /^Endpoint/, STANDBY_LABEL);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();
  const high = section.getByRole('list', { name: 'High urgency rules' });
  await expect(high.getByRole('listitem')).toHaveCount(1);
  await expect(high.getByRole('listitem')).toContainText(`at once: ${STANDBY_LABEL}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}notification-rules-light.png`, fullPage: true });

  // Edited: the standby chat after 3 minutes, not 2.
  await section
    .getByRole('button', { name: `Edit default-urgency rule after 2 min: ${STANDBY_LABEL}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit notification rule' });
  await expect(edit.getByRole('textbox', { name: /^Delay in minutes/ })).toHaveValue('2');
  await edit.getByRole('textbox', { name: /^Delay in minutes/ }).fill('3');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toBeHidden();
  await expect(defaults.getByRole('listitem').last()).toContainText(`after 3 min: ${STANDBY_LABEL}`);

  // Removed only once confirmed.
  await section.getByRole('button', { name: `Remove default-urgency rule at once: ${CHAT_LABEL}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this rule?' });
  await expect(
    confirm.getByText(`Default urgency pages no longer reach ${CHAT_LABEL} at once.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove rule' }).click();
  await expect(defaults.getByRole('listitem')).toHaveCount(1);
  await expect(defaults.getByRole('listitem')).toContainText(`after 3 min: ${STANDBY_LABEL}`);
  expect(cspViolations).toEqual([]);
});

test('profile rules in the dark and on a 375 px phone', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await openProfile(page);
  const section = page.getByRole('region', { name: 'How you are paged' });
  await expect(section.getByRole('list', { name: 'High urgency rules' }).getByRole('listitem')).toHaveCount(
    1,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole('button', { name: `Edit high-urgency rule at once: ${STANDBY_LABEL}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit notification rule' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}notification-rules-dark.png` });
  await page.keyboard.press('Escape');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(section.getByRole('list', { name: 'Default urgency rules' })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}notification-rules-phone.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test("the flow editor's people steps choose their urgency and say it", async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/endpoints');
  await page.getByRole('button', { name: 'New endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New endpoint' });
  await pick(page, /^Type/, 'Flow (escalation steps)');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(FLOW);
  await dialog.getByRole('button', { name: 'Page a user' }).click();
  await pick(page, 'Step 1 user', /admin/);
  await expect(dialog.getByRole('combobox', { name: 'Step 1 urgency' })).toHaveValue('Default');
  await expect(
    dialog.getByText(/^Pages .*admin.* on their own endpoints\. Default urgency\.$/),
  ).toBeVisible();
  await pick(page, 'Step 1 urgency', 'High');
  await expect(dialog.getByText(/^Pages .*admin.* on their own endpoints\. High urgency\.$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}flow-step-urgency-light.png` });
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog).toBeHidden();

  // Read back from the server, in the dark on a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: `Edit ${FLOW}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${FLOW}` });
  await expect(edit.getByRole('combobox', { name: 'Step 1 urgency' })).toHaveValue('High');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('profile: makes a calendar feed address, copies it, makes a new one and stops it', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await openProfile(page);
  const section = page.getByRole('region', { name: 'Your on-call calendar' });
  await section.getByRole('button', { name: 'Make a feed address' }).click();
  const address = section.getByLabel('Your feed address', { exact: true });
  await expect(address).toContainText('/api/v1/user-feed/');
  const url = (await address.textContent()) ?? '';
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy your feed address' }).click();
  await expect(section.getByRole('button', { name: 'Copy your feed address' })).toHaveText('Copied');
  // The address answers without a session: a calendar app holds only it.
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await seriousViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}profile-feed-light.png` });

  // After a reload the address is not shown again; a new one ends the old one.
  await page.reload();
  await expect(section.getByText('You have a feed address')).toBeVisible();
  await section.getByRole('button', { name: 'Make a new address' }).click();
  await page
    .getByRole('dialog', { name: 'Make a new feed address?' })
    .getByRole('button', { name: 'Make a new address' })
    .click();
  await expect(address).not.toHaveText(url);
  expect((await page.request.get(url)).status()).toBe(404);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await section.scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}profile-feed-phone-dark.png` });

  const current = (await address.textContent()) ?? '';
  await section.getByRole('button', { name: 'Stop the feed' }).click();
  await page
    .getByRole('dialog', { name: 'Stop your calendar feed?' })
    .getByRole('button', { name: 'Stop the feed' })
    .click();
  await expect(section.getByRole('button', { name: 'Make a feed address' })).toBeVisible();
  expect((await page.request.get(current)).status()).toBe(404);
  expect(cspViolations).toEqual([]);
});
