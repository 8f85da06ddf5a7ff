import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env';

/** The serious and critical WCAG violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A notification fading in or out is half transparent: checked mid-transition, its colours and
  // what it covers are neither the before nor the after. The page is checked once it is still; a
  // spinner (an endless animation, as on a button whose call waits) never stops and changes no
  // colour. A notification that starts closing while axe reads the page (it closes itself after a
  // few seconds) spoils that reading, so the page is read again.
  for (let reading = 1; ; reading++) {
    const before = await stillNotifications(page);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    if (reading < 5 && (await notificationsNow(page)) !== before) continue;
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? ''})`).join(', ')}`,
      );
  }
}

/**
 * Waits until nothing animates (but endless spinners) and every notification and its wrappers are
 * fully opaque (their library drives the fade from script, with no Animation object); answers
 * the notifications shown then, as `notificationsNow` does.
 */
async function stillNotifications(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const still = document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      );
    const opaque = [...document.querySelectorAll('.mantine-Notification-root')].every((notification) => {
      for (let node: Element | null = notification; node; node = node.parentElement) {
        if (getComputedStyle(node).opacity !== '1') return false;
      }
      return true;
    });
    return still && opaque;
  });
  return notificationsNow(page);
}

/** The notifications shown, each with whether it and its wrappers are fully opaque. */
function notificationsNow(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify(
      [...document.querySelectorAll('.mantine-Notification-root')].map((notification) => {
        let opaque = true;
        for (let node: Element | null = notification; node; node = node.parentElement) {
          if (getComputedStyle(node).opacity !== '1') opaque = false;
        }
        return [notification.textContent, opaque];
      }),
    ),
  );
}

/** Logs in through the UI's form. */
export async function logInThroughForm(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(E2E_ADMIN.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Now' })).toBeVisible();
}

/** An API rule made through REST, as a script of the user's would; its token fires it. */
export async function createApiRule(
  request: APIRequestContext,
  baseUrl: string,
  name: string,
): Promise<{ id: string; apiToken: string }> {
  const login = await request.post(`${baseUrl}/api/v1/auth/login`, { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = await login.json();
  const created = await request.post(`${baseUrl}/api/v1/alert-rule`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { type: 'api', name, enableAutoResolve: false },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return created.json();
}

/** `POST /api/v1/fire-alert` with the rule's token. */
export async function fire(
  request: APIRequestContext,
  baseUrl: string,
  apiToken: string,
  alert: { alertname: string; instance: string; description: string },
): Promise<void> {
  const answer = await request.post(`${baseUrl}/api/v1/fire-alert`, {
    headers: { authorization: `Bearer ${apiToken}` },
    data: alert,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Every Content-Security-Policy refusal the page reports, so a policy break fails the test. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: async ({ page }, use) => {
    const seen: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) seen.push(message.text());
    });
    await use(seen);
    expect(seen).toEqual([]);
  },
});

export { expect };
