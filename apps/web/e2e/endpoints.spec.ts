import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test('the Endpoints screen says what to do when there are none, in both themes and on a phone', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await logInThroughForm(page);
  await page.getByRole('link', { name: 'Endpoints' }).first().click();
  await expect(page.getByRole('heading', { name: 'Endpoints' })).toBeVisible();
  // Away from the link just clicked: axe judges the page at rest, not a hover.
  await page.mouse.move(900, 700);
  await expect(page.getByText(/No endpoints yet|Name/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoints-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoints-dark.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}endpoints-phone.png` });
});
