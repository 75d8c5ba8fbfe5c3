import { expect, test } from "@playwright/test";

import { createAccountAsAdmin } from "./admin-support";
import { memberBrowser } from "./messaging-support";
import { beyondTheScreen, expectToast, fillLogInForm, mainNavigation, seriousViolations } from "./support";
import { codeFor, screenshots } from "./two-step-support";

const NEW_PASSWORD = "a calm tide under morning light";

test("a doctor confirms the password, turns on an authenticator, signs back in with its code, and turns it off after confirming the password again", async ({
  browser,
}) => {
  // Four sign-ins, each a deliberately slow password hash, on a busy machine.
  test.setTimeout(240_000);
  const account = await createAccountAsAdmin((await browser.newContext()).request, "doctor");
  const doctor = await memberBrowser(browser, { username: account.username, password: account.oneTimePassword, oneTime: true });
  const page = doctor.page;

  await page.goto("/account");
  // Setting it up asks for the password first, as turning it off does.
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const confirmIt = page.getByRole("dialog", { name: "Set up two-step sign-in" });
  await confirmIt.getByLabel("Your password").fill(NEW_PASSWORD);
  await confirmIt.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = await page.getByRole("textbox", { name: "Setup key" }).inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);
  // On a phone the card keeps to the screen and the key shows whole, to be typed in by hand.
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await beyondTheScreen(page)).toEqual([]);
  const key = page.getByRole("textbox", { name: "Setup key" });
  expect(await key.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight)).toBe(true);
  await screenshots(page, "account-two-step-setup");

  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await page.getByLabel("Code from your authenticator app").fill(await codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expectToast(page, "Two-step sign-in is on", "Keep your recovery codes somewhere safe.");
  const codes = page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const [recoveryCode] = await codes.allTextContents();
  // Shown once, as a list, with one button that copies them all.
  await expect(page.getByRole("textbox", { name: "All recovery codes" })).toHaveCount(0);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy all recovery codes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "All recovery codes copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await codes.allTextContents()).join("\n"));
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("You have 10 recovery codes left.")).toBeVisible();

  // Signed out, the password alone no longer signs in: it asks for the code.
  await mainNavigation(page).getByRole("button", { name: "Sign Out" }).click();
  // Signed out for sure before leaving: a sign-out still in flight would send /auth home.
  await expect(mainNavigation(page).getByRole("link", { name: "Log In" })).toBeVisible();
  await page.goto("/auth");
  await fillLogInForm(page, { username: account.username, password: NEW_PASSWORD });
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "One more step" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "auth-second-step");
  // Past the password, the page no longer offers to recover it. A wrong code is said under the
  // field, which takes the focus again.
  await expect(page.getByRole("button", { name: "Forgot password?" })).toHaveCount(0);
  const codeField = page.getByLabel("Code from your authenticator app");
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(codeField).toHaveAccessibleDescription("That code was not accepted. Each code works once: check it and try again.");
  // Said aloud too: the field keeps the focus, so moving the focus to it would say nothing new.
  await expect(page.getByRole("alert").filter({ hasText: "That code was not accepted." })).toBeVisible();
  await expect(codeField).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "auth-second-step-refused");
  // The code of the next step: the one that turned it on is spent.
  await page.getByLabel("Code from your authenticator app").fill(await codeFor(secret, 30));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Welcome back!", "You have successfully logged in.");
  await expect(page).toHaveURL(/\/$/);

  // A recovery code works once, in place of the app.
  await mainNavigation(page).getByRole("button", { name: "Sign Out" }).click();
  // Signed out for sure before leaving: a sign-out still in flight would send /auth home.
  await expect(mainNavigation(page).getByRole("link", { name: "Log In" })).toBeVisible();
  await page.goto("/auth");
  await fillLogInForm(page, { username: account.username, password: NEW_PASSWORD });
  await page.getByRole("button", { name: "Log In" }).click();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCode!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Welcome back!", "You have successfully logged in.");

  // Turning it off asks for the password first.
  await page.goto("/account");
  await expect(page.getByText("You have 9 recovery codes left.")).toBeVisible();
  await page.getByRole("button", { name: "Turn off two-step sign-in" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not right.");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel("Your password").fill(NEW_PASSWORD);
  await dialog.getByRole("button", { name: "Turn off" }).click();
  await expectToast(page, "Two-step sign-in is off", "Your password alone signs you in again.");
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
  await doctor.context.close();
});
