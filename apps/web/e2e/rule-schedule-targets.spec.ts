import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));

test.describe.configure({ mode: 'serial' });

const RULE = 'Checkout errors';
const PRIMARY = 'Checkout primary';
const GONE = 'Checkout weekend';
const made: { team: string; schedules: string[]; rule: string } = { team: '', schedules: [], rule: '' };

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const me = await api.get('auth/me');
  const adminId: string = me.user?.id ?? me.id;
  made.team = (await api.post('team', { name: 'Checkout', ownerId: adminId, userIds: [adminId] })).id;
  for (const name of [PRIMARY, GONE]) {
    const schedule = await api.post('schedule', {
      name,
      teamId: made.team,
      timeZone: 'Europe/Berlin',
      layers: [
        {
          priority: 0,
          rotations: [{ unit: 'day', every: 1, startsAt: '2026-11-02T09:00', members: [adminId] }],
        },
      ],
    });
    made.schedules.push(schedule.id);
  }
  await request.dispose();
});

// Other spec files share this server (the schedules spec starts from none): what this one made goes.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  if (made.rule) await api.delete(`alert-rule/${made.rule}`);
  const left = new Set(((await api.get('schedule')) as Array<{ id: string }>).map((s) => s.id));
  for (const id of made.schedules) if (left.has(id)) await api.delete(`schedule/${id}`);
  if (made.team) await api.delete(`team/${made.team}`);
  await request.dispose();
});

test('creates a rule paging a schedule (a 422 at the schedule that went away first), then edits the target', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules/new');
  await expect(page.getByRole('heading', { name: 'New alert rule' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(RULE);
  const section = page.getByRole('group', { name: 'Page schedules' });
  await section.getByRole('button', { name: 'Page a schedule' }).click();
  await pick(page, 'Schedule 1', PRIMARY);
  await pick(page, 'Schedule 1 urgency', 'High');
  await section.getByRole('button', { name: 'Page a schedule' }).click();
  await pick(page, 'Schedule 2', GONE);
  await pick(page, 'Schedule 2 if nobody is on call', 'Nobody');
  await expect(section.getByText('Pages whoever is on call; nobody on call: nobody.')).toBeVisible();

  // The second schedule is deleted while the form is open: the server's 422 shows at its field.
  await (await adminApi(request, E2E_BASE_URL)).delete(`schedule/${made.schedules[1]}`);
  await page.getByRole('button', { name: 'Create rule' }).click();
  const second = page.getByRole('combobox', { name: 'Schedule 2', exact: true });
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await expect(second).toHaveAccessibleDescription('The selected schedule is invalid.');
  await expect(page.getByRole('combobox', { name: 'Schedule 1', exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);
  // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}rule-form-schedules-light.png`, fullPage: true });

  await section.getByRole('button', { name: 'Remove schedule 2' }).click();
  await page.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByRole('heading', { name: RULE })).toBeVisible();
  made.rule = page.url().split('/').pop() ?? '';
  const pages = page.getByRole('region', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: PRIMARY })).toBeVisible();
  await expect(pages).toContainText(
    "Pages whoever is on call, high urgency; nobody on call: the team's admins.",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-schedules-light.png`, fullPage: true });

  // The edit form reads the target back as it was saved; taking turns is saved in place.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Schedule 1', exact: true })).toHaveValue(PRIMARY);
  await expect(page.getByRole('combobox', { name: 'Schedule 1 urgency', exact: true })).toHaveValue('High');
  await page
    .getByRole('switch', { name: 'Schedule 1: one person per alert, taking turns' })
    .check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: RULE })).toBeVisible();
  await expect(pages).toContainText('Pages one of those on call, taking turns per alert, high urgency');
  // The link leads to the schedule's own page.
  await pages.getByRole('link', { name: PRIMARY }).click();
  await expect(page.getByRole('heading', { name: PRIMARY, level: 1 })).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('the schedule targets in the dark and on a 375 px phone', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto(`/rules/${made.rule}/edit`);
  const section = page.getByRole('group', { name: 'Page schedules' });
  await expect(page.getByRole('combobox', { name: 'Schedule 1', exact: true })).toHaveValue(PRIMARY);
  await expect(
    section.getByRole('switch', { name: 'Schedule 1: one person per alert, taking turns' }),
  ).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-schedules-dark.png`, fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-form-schedules-phone-dark.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/rules/${made.rule}`);
  const pages = page.getByRole('region', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: PRIMARY })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-schedules-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});
