import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });
// The user's zone differs from the schedule's, so the page must say both and convert.
test.use({ timezoneId: 'America/New_York' });

const ADA = { username: 'sched-ada', name: 'Ada Rota', password: 'ada-password-12' };
const BOB = { username: 'sched-bob', name: 'Bob Rota', password: 'bob-password-12' };
const SCHEDULE = 'Payments primary';
const NOTICES = 'Payments hand-offs';
const made: { users: string[]; team: string; endpoint: string } = { users: [], team: '', endpoint: '' };

/** A field's label as its accessible name, with or without the required mark after it. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[()*.]/g, '\\$&')}( \\*)?$`);

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('combobox', { name: labelled(label) })
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Nothing wider than the phone. */
const noSidewaysScroll = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

async function logInAs(page: Page, account: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
}

async function openSchedule(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedules' }).click();
  await page.getByRole('link', { name: SCHEDULE }).click();
  await expect(page.getByRole('heading', { name: SCHEDULE, level: 1 })).toBeVisible();
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  for (const person of [ADA, BOB]) {
    const user = await api.post('user', { ...person, role: 'member', confirmPassword: person.password });
    made.users.push(user.id);
  }
  const me = await api.get('auth/me');
  const adminId: string = me.user?.id ?? me.id;
  const team = await api.post('team', {
    name: 'Payments',
    ownerId: adminId,
    userIds: [adminId, ...made.users],
  });
  made.team = team.id;
  // A chat webhook needs no one-time code: the team owner's chat for shift-change notices.
  const chat = await api.post('endpoint', {
    name: NOTICES,
    type: 'matter-most',
    value: 'https://hooks.example.com/payments-hand-offs',
  });
  made.endpoint = chat.id ?? chat.data?.id;
  await request.dispose();
});

// Other spec files share this server: what this one made goes.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  for (const schedule of (await api.get('schedule')) as Array<{ id: string }>)
    await api.delete(`schedule/${schedule.id}`);
  if (made.team) await api.delete(`team/${made.team}`);
  if (made.endpoint) await api.delete(`endpoint/${made.endpoint}`);
  for (const id of made.users) await api.delete(`user/${id}`);
  await request.dispose();
});

test('creates a schedule, draws its calendar from the resolver and adds an override from a shift', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedules' }).click();
  await expect(page.getByRole('heading', { name: 'Schedules' })).toBeVisible();
  await expect(page.getByText('No schedules yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A daily rotation of Ada then Bob, handing off at 09:00 London time.
  await page.getByRole('button', { name: 'New schedule' }).click();
  const form = page.getByRole('form', { name: 'Schedule' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(SCHEDULE);
  await pick(page, 'Team', 'Payments');
  await form.getByRole('combobox', { name: labelled('Time zone') }).fill('Europe/London');
  await page.getByRole('option', { name: 'Europe/London' }).click();
  await form.getByRole('combobox', { name: labelled('Unit') }).click();
  await page.getByRole('option', { name: 'Days' }).click();
  await form.getByLabel(labelled('First hand-off')).fill('2026-11-02T09:00');
  // Saved without members: the server's 422 shows at the members.
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form.getByText('A rotation needs at least one member.')).toBeVisible();
  await pick(page, 'Add a member to members of rotation 1', new RegExp(ADA.name));
  await pick(page, 'Add a member to members of rotation 1', new RegExp(BOB.name));
  await expect(form.getByText(`2. ${BOB.name} (${BOB.username})`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form).toHaveCount(0);

  const card = page.getByRole('article', { name: SCHEDULE });
  await expect(card.getByText('Team: Payments · Europe/London')).toBeVisible();
  await expect(card.getByText(/^(Ada|Bob) Rota$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}schedules-light.png`, fullPage: true });

  // The schedule page: the week, the final row and the layer's, in the user's zone.
  await card.getByRole('link', { name: SCHEDULE }).click();
  await expect(
    page.getByText(
      'Times in your time zone (America/New_York); the schedule hands off on Europe/London time.',
    ),
  ).toBeVisible();
  const final = page.getByRole('list', { name: 'On call' });
  await expect(final.getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Layer 1' }).getByRole('button').first()).toBeVisible();
  // 09:00 in London is 04:00 in New York: every hand-off shows at 04:00.
  await expect(
    final.getByRole('button', { name: /Rota, .* 04:00( AM)? – .* 04:00( AM)?$/ }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Next week, Bob's shift: Ada replaces him for it.
  await page.getByRole('button', { name: 'Later' }).click();
  await final
    .getByRole('button', { name: /^On call: Bob Rota, / })
    .first()
    .click();
  const shift = page.getByRole('dialog', { name: /^Shift / });
  await expect(shift.getByText('On call: Bob Rota.')).toBeVisible();
  await pick(page, 'Who takes over', new RegExp(ADA.name));
  await shift.getByRole('button', { name: 'Add override' }).click();
  await expect(shift).toHaveCount(0);
  await expect(final.getByRole('button', { name: /^On call: Ada Rota, .*\(override\)$/ })).toBeVisible();
  await expect(final.getByText('Override: Ada Rota')).toBeVisible();
  await expect(page.getByRole('article', { name: /^Ada Rota replaces Bob Rota, / })).toBeVisible();

  // The same override again overlaps the first: refused at its field, naming it.
  await final.getByRole('button', { name: /^On call: Ada Rota, .*\(override\)$/ }).click();
  await pick(page, 'Kind', 'Add someone');
  await pick(page, 'Who is added', new RegExp(ADA.name));
  await page
    .getByRole('dialog', { name: /^Shift / })
    .getByRole('button', { name: 'Add override' })
    .click();
  await expect(page.getByRole('dialog', { name: /^Shift / }).getByText(/overlaps override/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Today' }).click();
  await page.screenshot({ path: `${SHOTS}schedule-light.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(final.getByText('Override: Ada Rota')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}schedule-dark.png`, fullPage: true });

  // On a phone: two weeks as a list, one heading a day.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('radio', { name: '2 weeks' })).toBeChecked();
  await expect(
    page
      .getByRole('region')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first(),
  ).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}schedule-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing the override gives Bob his shift back.
  await page.getByRole('button', { name: /^Remove the override: Ada Rota replaces Bob Rota/ }).click();
  await page
    .getByRole('dialog', { name: 'Remove the override?' })
    .getByRole('button', { name: 'Remove override' })
    .click();
  await expect(page.getByText('No overrides ahead.')).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('a member offers a swap of their shift; another takes it, and the calendar follows', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAs(page, ADA);
  await openSchedule(page);
  await page.getByRole('button', { name: 'Later' }).click();
  await page
    .getByRole('list', { name: 'On call' })
    .getByRole('button', { name: /^On call: Ada Rota, / })
    .first()
    .click();
  const shift = page.getByRole('dialog', { name: /^Shift / });
  await shift.getByRole('tab', { name: 'Offer a swap' }).click();
  await shift.getByRole('textbox', { name: 'Note' }).fill('Dentist');
  await shift.getByRole('button', { name: 'Offer swap' }).click();
  await expect(shift).toHaveCount(0);
  const offer = page.getByRole('article', { name: /^Swap offered by Ada Rota, / });
  await expect(offer.getByText('Dentist')).toBeVisible();
  // Her own offer: she may withdraw it, not take it.
  await expect(offer.getByRole('button', { name: /^Take/ })).toHaveCount(0);
  await expect(offer.getByRole('button', { name: /^Withdraw/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await takeAsBob(browser);
  await page.reload();
  await expect(page.getByText('No open swap offers.')).toBeVisible();
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(
    page.getByRole('list', { name: 'On call' }).getByText('Override: Bob Rota').first(),
  ).toBeVisible();
});

async function takeAsBob(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await logInAs(page, BOB);
  await openSchedule(page);
  await expect(page.getByText('Times in your time zone (Europe/London).')).toBeVisible();
  await page.getByRole('button', { name: /^Take the swap of Ada Rota/ }).click();
  await expect(page.getByText(/You are on call instead of Ada Rota/)).toBeVisible();
  await context.close();
}

test('edits and deletes the schedule, asking first', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await openSchedule(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByRole('form', { name: 'Schedule' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${SCHEDULE} (EU)`);
  await form.getByRole('button', { name: 'Move Bob Rota (sched-bob), position 2 up' }).click();
  await expect(form.getByText(`1. ${BOB.name} (${BOB.username})`)).toBeVisible();
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('heading', { name: `${SCHEDULE} (EU)`, level: 1 })).toBeVisible();

  // Weekday daytime only, in force for a while, and hand-offs told to the team chat.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await pick(page, 'Shift-change notices', new RegExp(NOTICES));
  await form.getByRole('button', { name: 'Add an active window to Rotation 1' }).click();
  const window = form.getByRole('group', { name: 'Rotation 1, window 1' });
  await expect(window.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
  await expect(window.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
  await window.getByLabel('Until').fill('18:00');
  // An end before the start: the server's 422 shows at the field.
  await form.getByLabel('In force from').fill('2027-03-01T09:00');
  await form.getByLabel('In force until').fill('2027-02-01T09:00');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form.getByText('The effective until must be after the effective from.')).toBeVisible();
  await form.getByLabel('In force until').fill('2027-06-01T09:00');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('group', { name: 'Rotation 1, window 1' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}schedule-form-light.png` });
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(form).toHaveCount(0);

  // Read back as saved, in the dark on a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(form.getByRole('combobox', { name: labelled('Shift-change notices') })).toHaveValue(
    new RegExp(NOTICES),
  );
  const saved = form.getByRole('group', { name: 'Rotation 1, window 1' });
  await expect(saved.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await expect(saved.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  await expect(saved.getByLabel('Until')).toHaveValue('18:00');
  await expect(form.getByLabel('In force from')).toHaveValue('2027-03-01T09:00');
  await expect(form.getByLabel('In force until')).toHaveValue('2027-06-01T09:00');
  await saved.scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}schedule-form-phone-dark.png` });
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: `Delete ${SCHEDULE} (EU)` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${SCHEDULE} (EU)?` })
    .getByRole('button', { name: 'Delete schedule' })
    .click();
  await expect(page.getByRole('heading', { name: 'Schedules' })).toBeVisible();
  await expect(page.getByText('No schedules yet')).toBeVisible();
});
