import { expect, test } from "@playwright/test";

import { expectToast, fillRegistrationForm, newPatient, postSignIn, seriousViolations, waitForSplashToClear } from "./support";
import { screenshots } from "./two-step-support";

test("the strength of a new password shows as it is typed, with the reason a weak one would be refused", async ({ page }) => {
  await page.goto("/auth");
  await waitForSplashToClear(page);
  await page.getByRole("button", { name: "Need an account? Create one" }).click();
  const strength = page.locator("#auth-password-strength");
  await expect(strength).toHaveText(/At least 12 characters/);

  const patient = { ...newPatient(), password: "password1234" };
  await fillRegistrationForm(page, patient);
  await expect(strength).toContainText("Strength: Weak.");
  await expect(strength).toContainText("This is similar to a commonly used password.");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "auth-register-weak-password");

  // The server has the last word, with the same reason.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Registration failed", "This is similar to a commonly used password. Add more words that are less common.");

  await page.getByLabel("Password", { exact: true }).fill(`${patient.firstName.toLowerCase()} by the quiet harbour`);
  await expect(strength).toContainText("Your password must not contain your name.");
  await page.getByLabel("Password", { exact: true }).fill("tidal moss beneath the old pier");
  await expect(strength).toContainText("The clinic accepts it.");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Welcome to Halcyon!", "Your account has been created successfully.");
});

test("a member changes their password from their account: the current one is the check, the new one must be strong", async ({ page }) => {
  const patient = newPatient();
  await page.goto("/auth");
  await waitForSplashToClear(page);
  await page.getByRole("button", { name: "Need an account? Create one" }).click();
  await fillRegistrationForm(page, patient);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Welcome to Halcyon!", "Your account has been created successfully.");

  await page.goto("/account");
  const form = page.getByRole("form", { name: "Change your password" });
  await form.getByLabel("Current password").fill("not my password at all");
  await form.getByLabel("New password", { exact: true }).fill("tidal moss beneath the old pier");
  await form.getByLabel("Confirm new password").fill("tidal moss beneath the old pier");
  await expect(form.locator("#account-password-strength")).toContainText("The clinic accepts it.");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "account-password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Password not changed", "Your current password is not right.");

  await form.getByLabel("Current password").fill(patient.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Your password is changed");
  await expect(form.getByLabel("Current password")).toHaveValue("");

  // The new one signs in; the old one no longer does.
  expect((await postSignIn(page.request, patient)).status()).toBe(401);
  expect((await postSignIn(page.request, { username: patient.username, password: "tidal moss beneath the old pier" })).status()).toBe(200);
});
