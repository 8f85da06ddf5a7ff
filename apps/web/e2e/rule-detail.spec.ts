import { fileURLToPath } from 'node:url';
import { E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));

test.describe.configure({ mode: 'serial' });

test('opens a rule from the list, sees a REST fire on its detail, and acknowledges it', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const rule = await createApiRule(request, E2E_BASE_URL, 'Payments queue depth');
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto('/rules?name=Payments');
  await page.getByRole('link', { name: 'Payments queue depth' }).click();
  await expect(page).toHaveURL(new RegExp(`/rules/${rule.id}$`));
  await expect(page.getByRole('heading', { name: 'Payments queue depth' })).toBeVisible();
  await expect(page.getByText('Nothing fires on this rule now.')).toBeVisible();
  // The token and a snippet that fires the rule, as the user copies them.
  await expect(page.getByText(rule.apiToken, { exact: true })).toBeVisible();
  await expect(page.getByText(/fire-alert/)).toBeVisible();

  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'payments_queue_deep',
    instance: 'queue-2',
    description: '12,400 messages waiting (threshold 1,000).',
  });
  await page.reload();
  const instance = page.getByRole('article', { name: 'payments_queue_deep' });
  await expect(instance).toBeVisible();
  await expect(page.getByRole('region', { name: 'History table' }).getByText('Firing')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-light.png`, fullPage: true });

  await page.getByRole('button', { name: 'Acknowledge' }).focus();
  await page.keyboard.press('Enter');
  await expect(instance.getByText(/Acknowledged/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History table' }).getByText('Acknowledged', { exact: true }),
  ).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('the rule detail in dark and on a 375 px phone', async ({ page, request, cspViolations }) => {
  const rule = await createApiRule(request, E2E_BASE_URL, 'Search indexer lag');
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'indexer_lag',
    instance: 'search-1',
    description: 'Indexer 9 minutes behind.',
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto(`/rules/${rule.id}`);
  await expect(page.getByRole('article', { name: 'indexer_lag' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-dark.png`, fullPage: true });

  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByText('7 d', { exact: true }).click();
  await expect(page.getByRole('img', { name: /last 7 d/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});
