import { fileURLToPath } from 'node:url';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));

test.describe.configure({ mode: 'serial' });

test('creates an API rule through the form (a 422 at its field first), then edits it', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules');
  await page.getByRole('link', { name: 'New rule' }).click();
  await expect(page).toHaveURL(/\/rules\/new$/);
  await expect(page.getByRole('heading', { name: 'New alert rule' })).toBeVisible();
  // The api type's own fields come from its declared schema.
  await page.getByRole('textbox', { name: 'Name' }).fill('Orders export stuck');
  await page.getByRole('textbox', { name: 'Description' }).fill('The nightly export has not finished.');
  await page.getByRole('switch', { name: 'Enable auto resolve' }).check({ force: true });
  // Grouping: an empty group interval names the service default; a repeat past a week is refused.
  const grouping = page.getByRole('group', { name: 'Grouping' });
  const groupInterval = grouping.getByRole('textbox', { name: 'Group interval' });
  await expect(groupInterval).toHaveAccessibleDescription(
    'Empty: the service default (ALERT_GROUP_INTERVAL_SECONDS), 5 minutes.',
  );
  await groupInterval.fill('2');
  await expect(groupInterval).toHaveAccessibleDescription(/in the next 2 minutes goes as one message/);
  await grouping.getByLabel('Group by labels').fill('job');
  await grouping.getByLabel('Group by labels').press('Enter');
  const repeatInterval = grouping.getByRole('textbox', { name: 'Repeat interval' });
  await repeatInterval.fill('20000');
  await page.getByRole('button', { name: 'Create rule' }).click();
  // Auto resolve without its minutes, and the repeat: the server's 422 shows at each field.
  await expect(
    page.getByText('The auto resolve minutes field is required when auto resolve is enabled.'),
  ).toBeVisible();
  await expect(repeatInterval).toHaveAttribute('aria-invalid', 'true');
  await expect(groupInterval).not.toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-light.png`, fullPage: true });

  await page.getByRole('textbox', { name: 'Auto resolve minutes' }).fill('30');
  await repeatInterval.fill('30');
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByRole('heading', { name: 'Orders export stuck' })).toBeVisible();
  await expect(page).toHaveURL(/\/rules\/[\w-]+$/);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/rules\/[\w-]+\/edit$/);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('Orders export stuck');
  await expect(page.getByRole('textbox', { name: 'Auto resolve minutes' })).toHaveValue('30');
  // The grouping came back as it was sent: 120 s shown as 2 minutes, the label, a 30-minute repeat.
  await expect(page.getByRole('textbox', { name: 'Group interval' })).toHaveValue('2');
  await expect(page.getByRole('group', { name: 'Grouping' }).getByText('job', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Repeat interval' })).toHaveValue('30');
  await name.fill('Orders export stuck (nightly)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Orders export stuck (nightly)' })).toBeVisible();

  // The edit form in the dark and on a 375 px phone.
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Orders export stuck (nightly)');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  // Polled: the page reflows (and a saved notification slides away) after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('the list: filters survive a reload, pins go first, a group action names its count', async ({
  page,
  request,
  cspViolations,
}) => {
  const api = await adminApi(request, E2E_BASE_URL);
  const ledger: { name: string; apiToken: string }[] = [];
  for (const name of ['Batch ledger A', 'Batch ledger B', 'Batch ledger C']) {
    ledger.push(await api.post('alert-rule', { type: 'api', name, tags: ['ledger'] }));
  }
  await api.post('alert-rule', { type: 'api', name: 'Batch other', tags: ['other'] });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules?tags=ledger');
  const list = page.getByRole('list', { name: 'Alert rules' });
  await expect(list.getByRole('link', { name: 'Batch ledger A' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Batch other' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name' }).fill('ledger');
  await expect(page).toHaveURL(/name=ledger/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('ledger');
  await expect(page.getByText('3 rules match, pinned first')).toBeVisible();

  // Pin the oldest: it moves to the top.
  await page.getByRole('button', { name: 'Pin Batch ledger A' }).click();
  await expect(page.getByRole('button', { name: 'Unpin Batch ledger A' })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Batch ledger A');
  // The list's one tooltip follows the pointer over the pin buttons.
  await page.getByRole('button', { name: 'Unpin Batch ledger A' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Unpin' })).toBeVisible();
  await page.getByRole('button', { name: 'Pin Batch ledger C' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Pin to the top' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // A fire through REST changes the rule's badge in place, from live.events, without a reload.
  const rowOfB = list.getByRole('listitem').filter({ hasText: 'Batch ledger B' });
  await expect(rowOfB).toContainText(/unknown/i);
  const fired = ledger[1];
  if (!fired) throw new Error('rule B was not created');
  await fire(request, E2E_BASE_URL, fired.apiToken, {
    alertname: 'ledger_lag',
    instance: 'ledger-1',
    description: 'The ledger batch is 20 minutes late.',
  });
  await expect(rowOfB).toContainText(/critical|warning/i);

  await page.getByRole('button', { name: 'Act on 3 rules' }).click();
  await page.getByRole('menuitem', { name: 'Silence for me', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Silence 3 alert rules?' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Silence 3 alert rules' }).click();
  await expect(list.getByText('Silenced for me')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rules-filtered-light.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rules-filtered-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // A selection, ticked from the keyboard: the group action then touches those two only.
  await page.getByRole('checkbox', { name: 'Select Batch ledger A' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Select Batch ledger C' }).check();
  await expect(page.getByText('3 rules match, pinned first · 2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Act on 2 selected' }).click();
  await page.getByRole('menuitem', { name: 'Unsilence for me', exact: true }).click();
  const unsilence = page.getByRole('dialog', { name: 'Unsilence 2 alert rules?' });
  await expect(unsilence).toContainText('the 2 alert rules you selected');
  await unsilence.getByRole('button', { name: 'Unsilence 2 alert rules' }).click();
  await expect(list.getByText('Notifying me')).toHaveCount(2);
  await expect(rowOfB.getByText('Silenced for me')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Act on 3 rules' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(list.getByRole('link', { name: 'Batch ledger B' })).toBeVisible();
  // On a phone the filters fold behind a button that counts them (the tag and the name).
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeHidden();
  const filters = page.getByRole('button', { name: 'Filters (2)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  // Polled: the page reflows (and a saved notification slides away) after the resize.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rules-phone.png`, fullPage: true });
  await filters.focus();
  await page.keyboard.press('Enter');
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('ledger');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rules-phone-filters.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a text-query rule previews its query, and says which source could not be reached', async ({
  page,
  request,
  cspViolations,
}) => {
  const api = await adminApi(request, E2E_BASE_URL);
  // Nothing listens on port 9: the source cannot be reached.
  await api.post('data-source', { name: 'prom-down', type: 'prometheus', url: 'http://127.0.0.1:9' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules/new');
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'prometheus', exact: true }).click();
  await page.getByRole('combobox', { name: 'Query type', exact: true }).click();
  await page.getByRole('option', { name: 'Text query' }).click();
  await page.getByRole('textbox', { name: 'Query text' }).fill('up == 0');
  await page.getByRole('button', { name: 'Preview what the query returns now' }).click();
  const preview = page.getByRole('region', { name: 'Query preview' });
  await expect(preview.getByText(/prom-down/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-preview-light.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});
