import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FakeProviderOne, startFakeProviderOne } from '@oncall/fakes';
import { adminApi } from './support/admin-api';
import { E2E_BASE_URL } from './support/e2e-env';
import { expect, fire, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

let main: FakeProviderOne;
let spare: FakeProviderOne;
let rule: { id: string; apiToken: string };
// What beforeAll made, removed afterwards: the specs share one server, and others expect no endpoint.
const made: string[] = [];

/**
 * Beside each firing instance, its pages' delivery status and the countdown to the flow's next step:
 * a rule pages a flow (SMS now, SMS again in 10 minutes) through an SMS provider that refuses the
 * first send, so the page goes out through the backup provider.
 */
test.beforeAll(async ({ playwright }) => {
  [main, spare] = await Promise.all([startFakeProviderOne(), startFakeProviderOne()]);
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  const config = (name: string, url: string) =>
    api.post('config/sms', {
      name,
      provider: 'providerOne',
      apiToken: 'e2e-token',
      senderNumber: '1000',
      baseUrl: url,
    });
  const mainConfig = await config('Main SMS', main.url);
  const spareConfig = await config('Spare SMS', spare.url);
  await api.post(`config/sms/make-default/${mainConfig.id}`);
  await api.post(`config/sms/make-backup/${spareConfig.id}`);
  const sent = main.requests.length;
  await api.post('endpoint/sendOTP', { type: 'sms', value: '+15550177' });
  await expect.poll(() => main.requests.length).toBeGreaterThan(sent);
  const code = /\b(\d{6})\b/.exec(main.requests.at(-1)?.query.message ?? '')?.[1];
  const phone = await api.post('endpoint', {
    name: 'Night phone',
    type: 'sms',
    value: '+15550177',
    otpCode: code,
  });
  const flow = await api.post('endpoint', {
    name: 'Night flow',
    type: 'flow',
    steps: [
      { type: 'endpoint', endpointIds: [phone.id] },
      { type: 'wait', duration: 10, timeUnit: 'm' },
      { type: 'endpoint', endpointIds: [phone.id] },
    ],
  });
  rule = await api.post('alert-rule', {
    type: 'api',
    name: 'Payments queue',
    enableAutoResolve: false,
    endpointIds: [flow.id],
  });
  made.push(
    `alert-rule/${rule.id}`,
    `endpoint/${flow.id}`,
    `endpoint/${phone.id}`,
    `config/sms/${spareConfig.id}`,
    `config/sms/${mainConfig.id}`,
  );
  await request.dispose();
});
test.afterAll(async ({ playwright }) => {
  await Promise.all([main.close(), spare.close()]);
  const request = await playwright.request.newContext();
  const api = await adminApi(request, E2E_BASE_URL);
  for (const path of made) await api.delete(path);
  await request.dispose();
});

test('shows a page sent by the backup and counts down to the next escalation step, live', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // The main provider refuses the page's first send for good: the backup sends it.
  main.failNext(403, { message: 'invalid api token' });
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'payments_queue_stuck',
    instance: 'queue-2',
    description: 'No payment left the queue for 4 minutes.',
  });
  const card = page.getByRole('article', { name: 'payments_queue_stuck' });
  await expect(card.getByRole('list', { name: 'Pages' })).toHaveText('Night phone (sms): sent by backup');
  await expect(card.getByTestId('escalation-countdown')).toHaveText(
    /^Escalates in (10:00|9:\d\d) · Night flow, step 3 pages 1 endpoint$/,
  );
  const first = await card.getByTestId('escalation-countdown').textContent();
  await expect(card.getByTestId('escalation-countdown')).not.toHaveText(first ?? '');
  expect(await seriousViolations(page)).toEqual([]);
  await card.screenshot({ path: `${SHOTS}now-pages-light.png` });

  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByTestId('escalation-countdown')).toHaveText('No escalation: acknowledged');
  expect(cspViolations).toEqual([]);
});

test('holds back new cards while the pointer is on the list, and shows them when it leaves', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  const cards = page.getByTestId('firing-card');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  const target = page.getByRole('article', { name: 'payments_queue_stuck' });
  const box = await target.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 20, (box?.y ?? 0) + 20);
  await fire(request, E2E_BASE_URL, rule.apiToken, {
    alertname: 'payments_retry_storm',
    instance: 'queue-9',
    description: 'Retries at 40/s.',
  });
  await expect(page.getByRole('button', { name: 'Show changes' })).toBeVisible();
  // The card under the pointer has not moved.
  expect(await cards.count()).toBe(count);
  expect((await target.boundingBox())?.y).toBe(box?.y);
  // The pointer leaves: the list catches up.
  await page.mouse.move(1270, 5);
  await expect(cards).toHaveCount(count + 1);
  await expect(page.getByRole('button', { name: 'Show changes' })).toHaveCount(0);
  expect(cspViolations).toEqual([]);
});

test('on a 375 px phone the pages and the countdown fit', async ({ page, cspViolations }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await logInThroughForm(page);
  const card = page.getByRole('article', { name: 'payments_retry_storm' });
  await expect(card.getByTestId('escalation-countdown')).toContainText('Escalates in');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await card.screenshot({ path: `${SHOTS}now-pages-phone-dark.png` });
  expect(cspViolations).toEqual([]);
});

test('the endpoints screen sends a test through a rule that notifies the endpoint and shows each delivery', async ({
  page,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Endpoints' }).click();
  await page.getByRole('button', { name: 'Test send to Night phone' }).click();
  const direct = page.getByRole('dialog', { name: 'Test send to Night phone' });
  // The phone is only a step of the flow: no rule notifies it directly.
  await expect(direct.getByText('No alert rule notifies this endpoint yet.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(direct).toHaveCount(0);

  await page.getByRole('button', { name: 'Test send to Night flow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test send to Night flow' });
  await expect(dialog.getByRole('combobox', { name: 'Through the rule' })).toHaveValue('Payments queue');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(dialog.getByTestId('test-send-answer')).toContainText('Test notification queued.');
  await expect(dialog.getByRole('list', { name: 'Deliveries of the test' })).toContainText(
    /Night phone \(sms\): delivered in \d+ ms/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoint-test-send-light.png` });
  expect(cspViolations).toEqual([]);
});
