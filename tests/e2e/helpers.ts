import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export interface MemberDetails {
  name: string;
  email: string;
  phone: string;
  dob: string;
  password: string;
}

/** Fills the whole sign-up form as a visitor would and submits it; ends on /profile. */
export async function signUpThroughForm(page: Page, member: MemberDetails): Promise<void> {
  await page.goto('/signup');
  const form = page.locator('form');
  await form.locator('[name="name"]').fill(member.name);
  await form.locator('[name="email"]').fill(member.email);
  await form.locator('[name="phone"]').fill(member.phone);
  await form.locator('[name="dob"]').fill(member.dob);
  await form.locator('[name="maritalStatus"]').selectOption('single');
  await form.locator('[name="industry"]').selectOption('movie');
  await form.locator('[name="countryOfOrigin"]').selectOption('Nigeria');
  await form.locator('[name="stateOfOrigin"]').selectOption('Lagos');
  await form.locator('[name="occupation"]').fill('Actress');
  await form.locator('[name="address"]').fill('12 Allen Avenue, Ikeja');
  await form.locator('[name="password"]').fill(member.password);
  await form.locator('[name="confirmPassword"]').fill(member.password);
  await form.locator('[name="acceptTerms"]').check();
  await form.locator('[name="acceptMarketing"]').check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Collects console errors (CSP violations are reported there) and page errors. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A valid 1x1 PNG written to a temporary file. */
export function tinyPng(): string {
  const file = path.join(tmpdir(), `avatar-${process.pid}-${Date.now()}.png`);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  writeFileSync(file, png);
  return file;
}
