import { expect, test } from "@playwright/test";

import { uniqueSuffix } from "./admin-support";
import { chooseOption, DEMO, expectToast, fillLogInForm, postSignIn, signInQuietly } from "./support";

// The story of issue 5: an admin creates a doctor, who signs in with the one-time password, is
// made to choose their own, and lands in; the admin deactivates them, their session ends at
// once, and both actions are in the system log.
test("an admin creates a doctor who signs in and chooses a password; deactivated, they are out; the log shows both", async ({ page, browser }) => {
  // Three sign-ins and a password change, each a deliberately slow hash, and four admin screens:
  // on a loaded 2-core machine this takes well over a minute.
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const doctor = { firstName: "Imogen", lastName: "Harlow", username: `dr.harlow.${suffix}`, password: "tidewater lanterns at dusk" };

  // The admin adds the doctor, with a specialization and hours of their own.
  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Add New User" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/new$/);
  await page.getByRole("radio", { name: /^Doctor/ }).check();
  await page.getByLabel("First name").fill(doctor.firstName);
  await page.getByLabel("Last name").fill(doctor.lastName);
  await page.getByLabel("Username").fill(doctor.username);
  await page.getByLabel("Phone number").fill("(555) 010-7070");
  await page.getByLabel("Date of birth").fill("1979-08-21");
  await page.getByLabel("Specialization").fill("PTSD & Trauma Care");
  await page.getByRole("switch", { name: "Own weekly hours" }).click();
  const hours = page.getByRole("group", { name: "The doctor's weekly hours" });
  await expect(hours.getByLabel("Monday, period 1, opens")).toHaveValue("09:00");
  await hours.getByLabel("Monday, period 1, opens").fill("10:00");
  await hours.getByRole("switch", { name: "Open on Friday" }).click();
  await expect(hours.getByRole("switch", { name: "Open on Friday" })).toHaveAttribute("aria-checked", "false");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Dr. Imogen Harlow is ready to sign in." })).toBeVisible();
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  const oneTimePassword = await page.getByLabel("One-time password").inputValue();
  expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);

  // Their hours and specialization are what the admin set.
  await page.goto("/admin/doctors");
  const card = page.getByRole("article", { name: "Dr. Imogen Harlow" }).first();
  await expect(card).toContainText("PTSD & Trauma Care");
  await expect(card).toContainText("Mon: 10 am – 5 pm");
  await expect(card).toContainText("Tue – Thu: 9 am – 5 pm");

  // The doctor signs in with the one-time password and must choose their own before anything else.
  const doctorContext = await browser.newContext();
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto("/auth");
  await fillLogInForm(doctorPage, { username: doctor.username, password: oneTimePassword });
  await doctorPage.getByRole("button", { name: "Log In" }).click();
  await expect(doctorPage.getByRole("heading", { level: 1, name: "Choose your own password" })).toBeVisible();
  // Every member page is behind the same gate.
  await doctorPage.goto("/appointments");
  await expect(doctorPage.getByRole("heading", { level: 1, name: "Choose your own password" })).toBeVisible();
  await doctorPage.goto("/");
  await doctorPage.getByLabel("New password", { exact: true }).fill(doctor.password);
  await doctorPage.getByLabel("Confirm new password").fill(doctor.password);
  await doctorPage.getByRole("button", { name: "Save my password" }).click();
  await expectToast(doctorPage, "Your password is set");
  await expect(doctorPage).toHaveURL(/\/dashboard\/doctor$/);
  await expect(doctorPage.getByRole("heading", { level: 1 }).first()).not.toHaveText("Choose your own password");
  // The one-time password is retired.
  const retired = await postSignIn(doctorContext.request, { username: doctor.username, password: oneTimePassword });
  expect(retired.status()).toBe(401);

  // The admin deactivates them, after a confirmation.
  await page.goto("/admin/users");
  await page.getByLabel("Search").fill(doctor.username);
  const row = page.getByTestId("user-row").filter({ hasText: doctor.username });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Deactivate Dr. Imogen Harlow" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate Dr. Imogen Harlow?" });
  await expect(dialog).toContainText("signed out at once");
  await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expectToast(page, "Account deactivated");
  await expect(row.getByText("Deactivated", { exact: true })).toBeVisible();
  // The keyboard stays on the row: its new action holds the focus.
  await expect(row.getByRole("button", { name: "Reactivate Dr. Imogen Harlow" })).toBeFocused();

  // Their session ends at once: the server closes the page's socket, the page sends them to sign
  // in, and signing in is refused with a reason.
  await expect(doctorPage).toHaveURL(/\/auth$/);
  await fillLogInForm(doctorPage, { username: doctor.username, password: doctor.password });
  await doctorPage.getByRole("button", { name: "Log In" }).click();
  await expectToast(doctorPage, "Login failed", "This account has been deactivated");
  await doctorContext.close();

  // Both admin actions are in the system log, found by filtering on the action.
  await page.goto("/admin/logs");
  // The filters are used once the page has settled on its first entries.
  await expect(page.getByTestId("log-row").first()).toBeVisible();
  const actionFilter = page.getByRole("combobox", { name: "Action" });
  await chooseOption(page, actionFilter, "Account created by admin");
  await expect(page).toHaveURL(/action=admin\.user_create/);
  // The other worker's tests may have created accounts meanwhile: this doctor's entry, wherever it is.
  const created = page.getByTestId("log-row").filter({ hasText: "Avery Sinclair created a doctor account" }).first();
  await expect(created).toBeVisible();
  await expect(created).toContainText("Succeeded");
  await expect(page.getByTestId("log-row").filter({ hasNot: page.getByText("Account created by admin") })).toHaveCount(0);

  await chooseOption(page, actionFilter, "Account changed by admin");
  await expect(page.getByTestId("log-row").filter({ hasText: "Avery Sinclair deactivated Dr. Harlow's account" })).not.toHaveCount(0);

  // And the doctor's own story: the password change, then the refused sign-in.
  await chooseOption(page, actionFilter, "All sign-in and account events");
  await expect(page.getByTestId("log-row").filter({ hasText: "Dr. Harlow was refused sign-in: the account is deactivated" })).toHaveCount(1);
  await expect(page.getByTestId("log-row").filter({ hasText: "Dr. Harlow chose a new password" })).toHaveCount(1);
});
