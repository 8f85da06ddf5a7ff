import { fileURLToPath } from 'node:url';
import { adminApi } from './support/admin-api';
import { E2E_ADMIN, E2E_BASE_URL } from './support/e2e-env';
import { createApiRule, expect, logInThroughForm, seriousViolations, test } from './support/fixtures';

const SHOTS = fileURLToPath(new URL('../../../docs/ui/', import.meta.url));

test('a session ended mid-edit asks for the password over the form, then the save goes through', async ({
  page,
  request,
  cspViolations,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const rule = await createApiRule(request, E2E_BASE_URL, 'Ledger reconciliation late');
  await page.goto('/login');
  await logInThroughForm(page);
  await page.goto(`/rules/${rule.id}/edit`);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Ledger reconciliation late');
  await name.fill('Ledger reconciliation late (EU)');
  await page.getByRole('textbox', { name: 'Description' }).fill('The EU ledger did not reconcile by 06:00.');

  // The admin ends every other session of theirs (the browser's among them) from another client:
  // the page's access token stops working at once and its refresh cookie is refused.
  const login = await request.post(`${E2E_BASE_URL}/api/v1/auth/login`, { data: E2E_ADMIN });
  const { accessToken } = await login.json();
  const ended = await request.post(`${E2E_BASE_URL}/trpc/auth.endOtherSessions`, {
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });
  expect(ended.status(), await ended.text()).toBe(200);

  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue(E2E_ADMIN.username);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}session-expired-light.png` });

  // A wrong password is said in the dialog, which stays; the form behind it is as it was typed.
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(new RegExp(`/rules/${rule.id}/edit$`));
  await expect(name).toHaveValue('Ledger reconciliation late (EU)');

  // Keyboard only: the password field, then Enter.
  await dialog.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The save that was refused ran again: the detail shows the new name, and the server has both fields.
  await expect(page.getByRole('heading', { name: 'Ledger reconciliation late (EU)' })).toBeVisible();
  const stored = await (await adminApi(request, E2E_BASE_URL)).get(`alert-rule/${rule.id}`);
  expect(stored).toMatchObject({
    name: 'Ledger reconciliation late (EU)',
    description: 'The EU ledger did not reconcile by 06:00.',
  });
  expect(cspViolations).toEqual([]);
});
