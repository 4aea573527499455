import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, screenshot } from './browser';

/** Creates a TIME_LIMITED demo gym through the form and answers the one-time credentials the dialog shows. */
export async function createDemoGym(page: Page, title: string, shot: string) {
  await page.getByRole('button', { name: 'Create demo gym' }).click();
  const form = page.getByRole('dialog', { name: 'Create demo gym' });
  await form.getByLabel('Gym name').waitFor();
  await form.getByRole('button', { name: 'Create' }).click();
  await form.getByText('Name field is required.').first().waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, `demo-create-form-errors-${shot}`);
  await form.getByLabel('Gym name').fill(title);
  await form.getByLabel('Prospect name').fill('Pat Prospect');
  await form.getByLabel('Prospect email').fill('pat@prospect.example.com');
  await form.getByLabel('Prospect phone').fill('+1 312 555 0123');
  expect(await form.getByRole('radio', { name: 'Time limited (48 hours)' }).isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Create' }).click();

  const dialog = page.getByRole('dialog', { name: 'Demo gym created' });
  await dialog.getByText('The password is shown only once').waitFor();
  await dialog.getByRole('button', { name: 'Copy owner email' }).waitFor();
  await dialog.getByRole('button', { name: 'Copy password' }).waitFor();
  const email = (await dialog.getByLabel('Owner email', { exact: true }).textContent())?.trim() ?? '';
  const password = (await dialog.getByLabel('Password', { exact: true }).textContent())?.trim() ?? '';
  expect(email).toMatch(/^demo-[a-z0-9]+@demo\.spotter\.app$/);
  expect(password).toHaveLength(16);
  await expectNoAxeViolations(page);
  await screenshot(page, `demo-credentials-dialog-${shot}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return { email, password };
}
