// Account email (issue 34, item 4), on a clinic of its own: a new member's address is verified by
// the link sent to it; "Forgot password?" sends a link that sets a new password in the browser,
// signs the member out everywhere, and their messages open again with the recovery code; a
// security notice's "This was not me" signs them out everywhere. The links are taken from the
// clinic's outbox and signed with its secrets key, as its worker signs them when it sends them.
import { expect, type Page } from "@playwright/test";

import { createAccountAsAdmin } from "./admin-support";
import { ownClinic } from "./clinic-server";
import { chatLog, composer, openMessages } from "./messaging-support";
import { noticeLinkFor } from "./notice-links";
import { DEMO, expectToast, fillLogInForm, fillRegistrationForm, mainNavigation, newPatient, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A new patient registered through the form (their messaging keys made, the recovery code shown once): answers the code. */
async function registerThroughTheForm(page: Page, patient: ReturnType<typeof newPatient>): Promise<string> {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Need an account? Create one" }).click();
  await fillRegistrationForm(page, patient);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Welcome to Halcyon!");
  await mainNavigation(page).getByRole("link", { name: "Dashboard" }).click();
  const notice = page.getByRole("complementary", { name: "Your messages' recovery code" });
  const code = await notice.getByRole("textbox", { name: "Recovery code" }).inputValue();
  await notice.getByRole("button", { name: "I have saved it" }).click();
  await expect(notice).toHaveCount(0);
  return code;
}

test("a new member's address is verified by the link sent to it, once; the account page says so", async ({ page, clinic }) => {
  test.setTimeout(180_000);
  const patient = newPatient();
  await registerThroughTheForm(page, patient);

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Email and time zone" });
  await expect(section.getByText(patient.email!)).toBeVisible();
  await expect(section.getByText("Not verified")).toBeVisible();
  // The browser's zone was recorded at sign-up: the emails speak of this clock.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(section).toContainText(`Our emails give times in ${zone}.`);
  await section.getByRole("button", { name: "Send the link again" }).click();
  await expectToast(page, "Link sent again");
  expect(await seriousViolations(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, "account-email-unverified");

  const link = noticeLinkFor(clinic.dataDir, patient.username, "email_verification");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Your email address is confirmed" })).toBeVisible();
  await expect(page.getByText(`We will write to ${patient.email}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "verify-email");
  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(page.getByRole("region", { name: "Email and time zone" }).getByText("Verified", { exact: true })).toBeVisible();

  // The same link again: used.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "We could not confirm this address" })).toBeVisible();
  await expect(page.getByText("This link has been used already.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "verify-email-refused");
});

test("forgot password: the email's link sets a new password in the browser, signs out everywhere, and the recovery code opens the messages again", async ({
  page,
  browser,
  clinic,
}) => {
  test.setTimeout(300_000);
  const patient = newPatient();
  const recoveryCode = await registerThroughTheForm(page, patient);
  await page.goto(noticeLinkFor(clinic.dataDir, patient.username, "email_verification"));
  await expect(page.getByRole("heading", { level: 1, name: "Your email address is confirmed" })).toBeVisible();

  // A message to the demo's doctor, sealed in this browser.
  const doctors: { id: number; username?: string; lastName: string }[] = await (await page.request.get("/api/doctors")).json();
  const doctor = doctors.find((candidate) => candidate.lastName === "Vance") ?? doctors[0]!;
  const words = "Thursday works for me; I will bring the sleep diary.";
  await openMessages(page, doctor.id);
  await composer(page).fill(words);
  await composer(page).press("Enter");
  await expect(chatLog(page)).toContainText(words);

  // Signed in elsewhere too; then, on a new device, the member has forgotten the password.
  const fresh = await (await browser.newContext({ reducedMotion: "reduce", baseURL: clinic.baseURL })).newPage();
  await fresh.goto("/auth");
  await fresh.getByRole("button", { name: "Forgot password?" }).click();
  const ask = fresh.getByRole("form", { name: "Ask for a link to set a new password" });
  await ask.getByLabel("Username or email address").fill(patient.username);
  expect(await seriousViolations(fresh)).toEqual([]);
  await screenshots(fresh, "forgot-password");
  await ask.getByRole("button", { name: "Email me a link" }).click();
  await expect(fresh.getByRole("status").filter({ hasText: "a link to set a new password is on its way" })).toBeVisible();

  await fresh.goto(noticeLinkFor(clinic.dataDir, patient.username, "password_reset"));
  await expect(fresh.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(fresh.getByText(`For your account ${patient.username}.`)).toBeVisible();
  expect(await seriousViolations(fresh)).toEqual([]);
  await screenshots(fresh, "reset-password");
  const newPassword = "a kettle singing by the window";
  await fresh.getByLabel("New password", { exact: true }).fill(newPassword);
  await fresh.getByLabel("Confirm new password").fill(newPassword);
  // The password never leaves the browser: only its authKey does.
  const sent = fresh.waitForRequest((request) => request.url().includes("auth.resetPassword"));
  await fresh.getByRole("button", { name: "Save my new password" }).click();
  expect((await sent).postData() ?? "").not.toContain(newPassword);
  await expect(fresh.getByRole("heading", { level: 1, name: "Your new password is set" })).toBeVisible();
  expect(await seriousViolations(fresh)).toEqual([]);
  await screenshots(fresh, "reset-password-done");

  // Every session ended: the first device is signed out.
  expect((await page.request.get("/api/user")).status()).toBe(401);

  // Signed in with the new password, the messages ask once for the recovery code, and open.
  await fresh.getByRole("link", { name: "Sign in", exact: true }).click();
  await fillLogInForm(fresh, { username: patient.username, password: newPassword });
  await fresh.getByRole("button", { name: "Log In", exact: true }).click();
  await expectToast(fresh, "Welcome back!");
  await openMessages(fresh, doctor.id);
  const lock = fresh.getByRole("region", { name: "Unlock your messages on this device" });
  await lock.getByLabel("Your password").fill(newPassword);
  await lock.getByRole("button", { name: "Unlock" }).click();
  const recovery = fresh.getByRole("region", { name: "Your password was reset: use your recovery code" });
  await recovery.getByLabel("Recovery code").fill(recoveryCode);
  await recovery.getByRole("button", { name: "Restore my messages" }).click();
  await expect(chatLog(fresh)).toContainText(words);

  // The used link does nothing now.
  const again = await (await browser.newContext({ reducedMotion: "reduce", baseURL: clinic.baseURL })).newPage();
  await again.goto(noticeLinkFor(clinic.dataDir, patient.username, "password_reset"));
  await expect(again.getByRole("heading", { level: 1, name: "This link cannot set a password" })).toBeVisible();
  expect(await seriousViolations(again)).toEqual([]);
  await screenshots(again, "reset-password-refused");

  // The reset's notice carries "This was not me": it signs the member out everywhere, after asking.
  await again.goto(noticeLinkFor(clinic.dataDir, patient.username, "security_change"));
  await expect(again.getByRole("heading", { level: 1, name: "This was not me" })).toBeVisible();
  expect(await seriousViolations(again)).toEqual([]);
  await screenshots(again, "not-me");
  await again.getByRole("button", { name: "Sign me out everywhere" }).click();
  await expect(again.getByRole("heading", { level: 1, name: "You are signed out everywhere" })).toBeVisible();
  expect(await seriousViolations(again)).toEqual([]);
  await screenshots(again, "not-me-done");
  expect((await fresh.request.get("/api/user")).status()).toBe(401);
});

test("an admin gives a member a new address: a malformed one is refused at its field, a good one is used once its owner follows the link", async ({
  page,
  browser,
  clinic,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createAccountAsAdmin(request);
  const address = `${member.username}@example.org`;
  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/users");
  await page.getByLabel("Search").fill(member.username);
  const row = page.getByTestId("user-row").filter({ hasText: member.username });
  await row.getByRole("button", { name: `Change email of ${member.firstName} ${member.lastName}` }).click();

  const dialog = page.getByRole("dialog", { name: "Change email" });
  const field = dialog.getByRole("textbox", { name: "Email" });
  await field.fill("not an address");
  await dialog.getByRole("button", { name: "Change email" }).click();
  await expect(dialog.getByText("Enter a valid email address, or leave it empty to remove it")).toBeVisible();
  await expect(field).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "admin-change-email");

  await field.fill(address);
  await dialog.getByRole("button", { name: "Change email" }).click();
  await expectToast(page, "Email changed");
  await expect(row).toContainText(address);

  // The member, in a browser of their own, follows the link sent to the new address.
  const theirs = await browser.newContext({ baseURL: clinic.baseURL });
  const theirPage = await theirs.newPage();
  await theirPage.goto(noticeLinkFor(clinic.dataDir, member.username, "email_verification"));
  await expect(theirPage.getByRole("heading", { level: 1, name: "Your email address is confirmed" })).toBeVisible();
  await expect(theirPage.getByText(`We will write to ${address}`)).toBeVisible();
  await theirs.close();
});
