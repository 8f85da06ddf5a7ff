import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminApi } from './support/admin-api';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

/** What the on-call test made (a team and its schedules), removed after the file whatever fails. */
const made: { teamId?: string; scheduleIds: string[] } = { scheduleIds: [] };

// The other spec files share this server: the team and the schedules go, so the Teams screen's
// empty state and the schedule pickers are as they expect.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  for (const id of made.scheduleIds.splice(0)) await api.delete(`schedule/${id}`);
  if (made.teamId) await api.delete(`team/${made.teamId}`);
  made.teamId = undefined;
  await request.dispose();
});

test('On call now: how to make a schedule, then who is on call until when, a few rows then all', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  const panel = page.getByRole('region', { name: 'Who is on call' });
  await expect(panel.getByRole('link', { name: /Create a schedule/ })).toHaveAttribute('href', '/schedules');
  expect(await seriousViolations(page)).toEqual([]);

  const api = await adminApi(request, E2E_BASE_URL);
  const admin = ((await api.get('user/all')) as Array<{ id: string; username: string }>).find(
    (user) => user.username === E2E_ADMIN.username,
  );
  const team = await api.post('team', { name: 'On-call now team', ownerId: admin?.id, userIds: [admin?.id] });
  made.teamId = team.id ?? team.data?.id;
  const schedule = async (name: string, members: (string | null | undefined)[]) => {
    const created = await api.post('schedule', {
      name,
      teamId: made.teamId,
      timeZone: 'Europe/London',
      layers: members.length
        ? [{ priority: 0, rotations: [{ unit: 'day', every: 1, startsAt: '2026-01-05T09:00', members }] }]
        : [],
    });
    made.scheduleIds.push(created.id);
  };
  await schedule('Checkout primary', [admin?.id]);
  await schedule('Checkout secondary', []);
  await page.reload();
  const rows = panel.getByTestId('on-call-row');
  await expect(rows).toHaveCount(2);
  // The user's own schedule first, handing off at 09:00 London time (the rotation has one member,
  // so the same person again: no hand-off this week).
  await expect(rows.first()).toContainText('Checkout primary: You');
  await expect(rows.nth(1)).toContainText('Checkout secondary: Nobody');
  await expect(rows.nth(1)).toContainText('no hand-off this week');
  expect(await seriousViolations(page)).toEqual([]);

  for (const name of ['Billing', 'Search', 'Storage']) await schedule(name, [admin?.id, null]);
  await page.reload();
  await expect(rows).toHaveCount(3);
  // Billing hands off daily between the admin and a gap: whichever holds now, until 09:00.
  await expect(rows.first()).toContainText(': You');
  await expect(panel.getByTestId('on-call-row').filter({ hasText: 'Billing' })).toContainText(
    /until .*\(in /,
  );
  const more = panel.getByRole('button', { name: 'Show all 5 schedules' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(5);
  await expect(panel.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}now-on-call-light.png` });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(rows).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}now-on-call-phone-dark.png` });
  expect(cspViolations).toEqual([]);
});

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
  // The pointer leaves where the Log in button was: resting over the list, it would hold new cards
  // back behind "Show changes", as it should for a user about to tap.
  await page.mouse.move(0, 0);

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
