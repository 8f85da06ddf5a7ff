import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

/** Picks an option of a Mantine select or multi-select by its label. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).first().click();
  // Tab closes a multi-select's list (Escape would close the dialog around it too).
  await page.keyboard.press('Tab');
}

async function logInAs(page: Page, username: string, password: string) {
  // Whoever was signed in leaves: the session lives in the refresh cookie and the page's memory.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
}

/** Nothing wider than the phone, once a dialog's opening transition has settled. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

let provider: FakeProviderOne;
/** Schedules made here, removed after the file. */
const made: { scheduleIds: string[] } = { scheduleIds: [] };
const FLOW_NAMES = { phone: 'Escalate to phone', people: 'Page the on-call' } as const;

test.beforeAll(async ({ playwright }) => {
  provider = await startFakeProviderOne();
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  // The instance's SMS provider is the fake: the one-time code is read where the phone would get it.
  const config = await api.post('config/sms', {
    name: 'Fake SMS',
    provider: 'providerOne',
    apiToken: 'e2e-sms-token',
    senderNumber: '10004346',
    baseUrl: provider.url,
  });
  await api.post(`config/sms/make-default/${config.id}`);
  await request.dispose();
});
// The other spec files share this server, and a retry starts this file again from its empty
// states: everything made here goes, whatever failed, each removal tried even if another fails.
test.afterAll(async ({ playwright }) => {
  await provider.close();
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
  const named = (items: Array<{ id: string; name: string }>, names: string[]) =>
    names.flatMap((name) => items.filter((item) => item.name === name).map((item) => item.id));
  // Flows before the endpoints they escalate to, schedules before their team, the team before its people.
  const endpoints = (await api.get('endpoint?perPage=100')).data;
  for (const id of named(endpoints, [FLOW_NAMES.people, FLOW_NAMES.phone, 'On-call phone']))
    await remove(`endpoint/${id}`);
  for (const id of made.scheduleIds.splice(0)) await remove(`schedule/${id}`);
  const rules = (await api.get('alert-rule?name=Payments&per_page=100')).data;
  for (const id of named(rules, ['Payments checkout'])) await remove(`alert-rule/${id}`);
  for (const id of named((await api.get('team?perPage=100')).data, ['Payments'])) await remove(`team/${id}`);
  const users: Array<{ id: string; username: string }> = await api.get('user/all');
  for (const user of users.filter((found) => ['alice', 'bob'].includes(found.username)))
    await remove(`user/${user.id}`);
  await request.dispose();
  expect(failures).toEqual([]);
});

test('creates an SMS endpoint through the one-time code, and a flow that escalates to it', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Endpoints' }).click();
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
  await expect(page.getByText('You have no endpoint.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New endpoint' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('On-call phone');
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+15550100');
  const before = provider.requests.length;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('A code was sent by SMS to +15550100')).toBeVisible();
  await expect.poll(() => provider.requests.length).toBeGreaterThan(before);
  const sms = provider.requests.at(-1);
  expect(sms?.query.receptor).toBe('+15550100');
  const code = /\b(\d{6})\b/.exec(sms?.query.message ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code is refused at its field; the form keeps what was typed.
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-otp-light.png` });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code ?? '');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'On-call phone', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+15550100' })).toBeVisible();

  await page.getByRole('button', { name: 'New endpoint' }).click();
  await pick(page, 'Type', 'Flow (escalation steps)');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(FLOW_NAMES.phone);
  await dialog.getByRole('button', { name: 'Add wait' }).click();
  await dialog.getByRole('button', { name: 'Add notify step' }).click();
  await pick(page, 'Step 2 endpoints', /On-call phone/);
  // The notification goes first: moved up by keyboard.
  await dialog.getByRole('button', { name: 'Move step 2 up' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('flow-step').first()).toContainText('Step 1: notify');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-flow-light.png` });
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: FLOW_NAMES.phone, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '2 steps' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}endpoints-light.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('creates users with roles and a team with members', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  for (const username of ['alice', 'bob']) {
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog
      .getByRole('textbox', { name: 'Full name' })
      .fill(`${username[0]?.toUpperCase()}${username.slice(1)} Example`);
    await dialog.getByLabel(/^Password/).fill('member-password-1');
    await dialog
      .getByLabel(/^Confirm password/)
      .fill(username === 'alice' ? 'mismatch-1' : 'member-password-1');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    if (username === 'alice') {
      // A 422 shows at its field.
      await expect(dialog.getByText('The confirm password and password must match.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByLabel(/^Confirm password/).fill('member-password-1');
      await dialog.getByRole('button', { name: 'Create user' }).click();
    }
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}users-light.png`, fullPage: true });

  await page.getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByText('No teams yet')).toBeVisible();
  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Payments');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Checkout and billing on-call.');
  await pick(page, 'Members', /Alice Example/);
  await dialog.getByRole('button', { name: 'Save team' }).click();
  await expect(dialog).toBeHidden();
  const team = page.getByRole('article', { name: 'Payments' });
  await expect(team.getByText('Alice Example')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}teams-light.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a flow pages people: whoever is on call, a user and a team, read back by name', async ({
  page,
  request,
  cspViolations,
}) => {
  const api = await adminApi(request, E2E_BASE_URL);
  const payments = (await api.get('team?perPage=100')).data.find(
    (team: { name: string }) => team.name === 'Payments',
  );
  const users: Array<{ id: string; username: string }> = await api.get('user/all');
  const alice = users.find((user) => user.username === 'alice');
  const schedule = await api.post('schedule', {
    name: 'Payments primary',
    teamId: payments.id,
    timeZone: 'Europe/London',
    layers: [
      {
        priority: 0,
        rotations: [{ unit: 'week', every: 1, startsAt: '2026-01-05T09:00', members: [alice?.id] }],
      },
    ],
  });
  made.scheduleIds.push(schedule.id);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/endpoints');
  await page.getByRole('button', { name: 'New endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New endpoint' });
  await pick(page, 'Type', 'Flow (escalation steps)');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(FLOW_NAMES.people);
  await dialog.getByRole('button', { name: 'Page who is on call' }).click();
  await pick(page, 'Step 1 schedule', 'Payments primary');
  await pick(page, 'Step 1 if nobody is on call', "Page the schedule team's admins");
  await dialog.getByRole('button', { name: 'Add wait' }).click();
  await dialog.getByRole('button', { name: 'Page a user' }).click();
  await pick(page, 'Step 3 user', /Bob Example/);
  await dialog.getByRole('button', { name: 'Page a team' }).click();
  await pick(page, 'Step 4 team', 'Payments');
  await expect(
    dialog.getByText(
      "Pages whoever is on call in Payments primary; nobody on call: the team's admins. Default urgency.",
    ),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-people-steps-light.png` });
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: FLOW_NAMES.people, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '4 steps' })).toBeVisible();

  // Read back from the server, by name, in the dark on a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: `Edit ${FLOW_NAMES.people}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${FLOW_NAMES.people}` });
  await expect(edit.getByRole('combobox', { name: 'Step 1 schedule' })).toHaveValue('Payments primary');
  await expect(edit.getByRole('combobox', { name: 'Step 1 if nobody is on call' })).toHaveValue(
    "Page the schedule team's admins",
  );
  await expect(edit.getByRole('combobox', { name: 'Step 3 user' })).toHaveValue(/Bob Example/);
  await expect(
    edit.getByText('Pages everyone in Payments on their own endpoints. Default urgency.'),
  ).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-people-steps-phone-dark.png` });
  expect(cspViolations).toEqual([]);
});

test('a member never sees another team’s rules and endpoints', async ({ page, request, cspViolations }) => {
  const api = await adminApi(request, E2E_BASE_URL);
  const teams = await api.get('team?perPage=100');
  const payments = teams.data.find((team: { name: string }) => team.name === 'Payments');
  expect(payments).toBeDefined();
  const rule = await createApiRule(request, E2E_BASE_URL, 'Payments checkout');
  await api.put(`alert-rule-user/${rule.id}`, { userIds: [], teamIds: [payments.id] });
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'payments_declines',
    instance: 'pay-1',
    description: 'Card declines at 12%.',
  });
  const endpoint = (await api.get('endpoint?perPage=100')).data.find(
    (found: { name: string }) => found.name === 'On-call phone',
  );
  await api.put(`endpoint/${endpoint.id}`, {
    type: 'sms',
    name: 'On-call phone',
    value: '+15550100',
    accessUserIds: [],
    accessTeamIds: [payments.id],
  });

  await logInAs(page, 'alice', 'member-password-1');
  await expect(page.getByRole('article', { name: 'payments_declines' })).toBeVisible();
  await page.goto('/rules');
  await expect(
    page
      .getByRole('list', { name: 'Alert rules' })
      .getByRole('link', { name: 'Payments checkout', exact: true }),
  ).toBeVisible();
  await page.goto('/endpoints');
  await page.getByRole('tab', { name: /Shared with me/ }).click();
  await expect(page.getByRole('cell', { name: 'On-call phone', exact: true })).toBeVisible();
  // Not a manager: no Users screen.
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);

  await logInAs(page, 'bob', 'member-password-1');
  await expect(page.getByText('payments_declines')).toHaveCount(0);
  await page.goto('/rules');
  await expect(page.getByText('No alert rules match')).toBeVisible();
  await expect(page.getByText('Payments checkout')).toHaveCount(0);
  await page.goto('/endpoints');
  await page.getByRole('tab', { name: /Shared with me/ }).click();
  await expect(page.getByText('Nobody has shared an endpoint with you')).toBeVisible();
  await expect(page.getByText('On-call phone')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('profile: a wrong current password at its field, the sessions, and log out everywhere', async ({
  page,
  browser,
  cspViolations,
}) => {
  // A second login (another browser) that "log out everywhere" must end.
  const other = await browser.newPage();
  await logInAs(other, 'bob', 'member-password-1');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, 'bob', 'member-password-1');
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByLabel(/^Current password/).fill('not-my-password');
  await page.getByLabel(/^New password/).fill('member-password-2');
  await page.getByLabel(/^Confirm new password/).fill('member-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(await page.getByTestId('session-row').count());
  await expect(page.getByText('this session')).toBeVisible();
  expect(await page.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}profile-dark.png`, fullPage: true });

  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('button', { name: 'Log in' })).toBeVisible();
  await other.close();
  expect(cspViolations).toEqual([]);
});

test('the new screens in the dark and on a 375 px phone', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/endpoints');
  await expect(page.getByRole('cell', { name: 'On-call phone', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoints-dark.png`, fullPage: true });
  await page.goto('/teams');
  await expect(page.getByRole('article', { name: 'Payments' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}teams-dark.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, heading, shot] of [
    ['/endpoints', 'Endpoints', 'endpoints-phone'],
    ['/users', 'Users', 'users-phone'],
    ['/teams', 'Teams', 'teams-phone'],
    ['/profile', 'Profile', 'profile-phone'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
  }
  await page.goto('/endpoints');
  await page.getByRole('button', { name: 'Edit On-call phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit On-call phone' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('On-call phone');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-edit-phone.png` });
  expect(cspViolations).toEqual([]);
});
