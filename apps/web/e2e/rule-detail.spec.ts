import { fileURLToPath } from 'node:url';
import { adminApi } from './support/admin-api';
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
  // No reload: live.events brings the fire to the open page (nothing polls).
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
  // On a phone the history is a card per event, not a table hidden sideways.
  const history = page.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('indexer_lag · search-1');
  await expect(page.getByRole('region', { name: 'History table' })).toHaveCount(0);
  // An acknowledgement made elsewhere shows without a reload.
  await (await adminApi(request, E2E_BASE_URL)).post(`alert-rule/acknowledge/${rule.id}`);
  await expect(page.getByRole('article', { name: 'indexer_lag' })).toContainText('Acknowledged');
  await expect(history.getByRole('listitem').first()).toContainText('Acknowledged');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}rule-detail-phone.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});

test('a Prometheus rule says which alerts reach it and what to paste in prometheus.yml; its episodes and behavior rules', async ({
  page,
  request,
  cspViolations,
}) => {
  const api = await adminApi(request, E2E_BASE_URL);
  const source = await api.post('data-source', {
    name: 'prom-main',
    type: 'prometheus',
    url: 'http://127.0.0.1:9',
  });
  const rule = await api.post('alert-rule', {
    type: 'prometheus',
    name: 'Checkout latency high',
    queryType: 'dynamic',
    dataSourceIds: [source.id],
    dataSourceAlertName: 'CheckoutLatencyHigh',
  });
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await logInThroughForm(page);
    await page.goto(`/rules/${rule.id}`);
    const send = page.getByRole('region', { name: 'How to send to it' });
    await expect(send.getByText('CheckoutLatencyHigh')).toBeVisible();
    await expect(send.getByRole('heading', { name: 'prom-main' })).toBeVisible();
    // The alerting block, with the source's token in its path, as docs/sources/prometheus.md shows it.
    const block = send.getByLabel('Prometheus alerting block');
    await expect(block).toContainText('alertmanagers:');
    await expect(block).toContainText(`path_prefix: /api/v1/prometheus-alert/${source.webhookToken}`);
    await expect(block).toContainText("targets: ['127.0.0.1:");
    await expect(send.getByLabel('Alertmanager receiver')).toContainText('webhook_configs:');
    await expect(page.getByText('No episodes yet', { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}rule-detail-prometheus-light.png`, fullPage: true });

    // Its behavior rules, one click away.
    await page.getByRole('link', { name: 'Behavior rules (0)' }).click();
    await expect(page).toHaveURL(new RegExp(`/behavior-rules\\?rule=${rule.id}$`));
    expect(cspViolations).toEqual([]);
  } finally {
    await api.delete(`alert-rule/${rule.id}`);
    await api.delete(`data-source/${source.id}`);
  }
});

test('episodes: time to acknowledge and resolve, on a 375 px phone', async ({
  page,
  request,
  cspViolations,
}) => {
  const rule = await createApiRule(request, E2E_BASE_URL, 'Mail relay queue');
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'relay_queue',
    instance: 'mx-1',
    description: 'Relay queue at 4,000.',
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto(`/rules/${rule.id}`);
  // On a phone each episode is a card, its times in full (a table would hide them sideways).
  const episodes = page.getByRole('list', { name: 'Episodes' });
  await expect(episodes.getByText('relay_queue · mx-1')).toBeVisible();
  await expect(episodes.getByText(/^Time to acknowledge: not yet \(/)).toBeVisible();
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(episodes.getByText(/ by /)).toBeVisible();
  await page.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(episodes.getByText(/^Time to resolve: \d+ s$/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await episodes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}rule-detail-episodes-phone-dark.png`, fullPage: true });
  expect(cspViolations).toEqual([]);
});
