import { expect, test as base, type Browser, type Page } from "@playwright/test";

import { startClinicServer, type ClinicServer } from "./clinic-server";
import { DEMO, expectToast, seriousViolations, signInQuietly } from "./support";
import { codeFor, screenshots, turnOnAuthenticator } from "./two-step-support";

// A clinic of its own: the policy applies to every doctor and admin, and must not reach the
// shared clinic's other tests.
const test = base.extend<object, { clinic: ClinicServer }>({
  clinic: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const clinic = await startClinicServer({});
      await use(clinic);
      await clinic.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ clinic }, use) => use(clinic.baseURL),
});

async function signedIn(browser: Browser, baseURL: string, who: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInQuietly(page, who);
  return page;
}

async function setStaffPolicy(admin: Page, on: boolean): Promise<void> {
  await admin.goto("/admin/settings");
  const policy = admin.getByRole("switch", { name: "Require two-step sign-in for doctors and admins" });
  await expect(policy).toHaveAttribute("aria-checked", String(!on));
  await policy.click();
  await admin.getByRole("button", { name: "Save settings" }).click();
  if (on) return;
  // Off lowers every staff account's guard: the admin confirms it is them first.
  const confirm = admin.getByRole("dialog", { name: "Stop requiring two-step sign-in?" });
  await confirm.getByLabel("Your password").fill(DEMO.admin.password);
  await confirm.getByRole("button", { name: "Save settings" }).click();
}

test("the clinic requires two-step sign-in of staff: a doctor sets it up before anything else, and after an admin's reset is told at the next sign-in", async ({
  browser,
  baseURL,
}) => {
  // Many deliberately slow password hashes, on a busy machine.
  test.setTimeout(300_000);
  const admin = await signedIn(browser, baseURL!, DEMO.admin);

  // An admin without it of their own is asked to set theirs up first, beside the switch.
  await setStaffPolicy(admin, true);
  await expect(admin.getByText(/Set up two-step sign-in for yourself first/).first()).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, "settings-staff-two-step");
  await admin.goto("/account");
  await turnOnAuthenticator(admin, DEMO.admin.password);
  await setStaffPolicy(admin, true);
  await expectToast(admin, "Settings saved");

  // The doctor signs in: the set-up page, whatever page they asked for.
  const doctor = await signedIn(browser, baseURL!, DEMO.doctor);
  await doctor.goto("/dashboard/doctor");
  await expect(doctor.getByRole("heading", { level: 1, name: "Set up two-step sign-in" })).toBeVisible();
  await expect(doctor.getByText(/The clinic asks doctors and admins/)).toBeVisible();
  expect(await seriousViolations(doctor)).toEqual([]);
  await screenshots(doctor, "staff-two-step-gate");
  // The server holds the same line: the doctor's pages refuse them meanwhile.
  expect((await doctor.request.get("/api/appointments")).status()).toBe(403);
  // Their password alone is not enough to tie the account to a phone: whoever holds only that is refused.
  await doctor.getByRole("button", { name: "Set up an authenticator app" }).click();
  const recheck = doctor.getByRole("dialog", { name: "Set up two-step sign-in" });
  await recheck.getByLabel("Your password").fill(DEMO.doctor.password);
  await recheck.getByRole("button", { name: "Continue" }).click();
  const secret = await doctor.getByRole("textbox", { name: "Setup key" }).inputValue();
  await doctor.getByLabel("Code from your authenticator app").fill(await codeFor(secret));
  await doctor.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(doctor.getByRole("alert").filter({ hasText: "Enter the enrolment code an admin gave you" })).toBeVisible();

  // The admin issues the doctor's enrolment code from All users, shown once.
  await admin.goto("/admin/users?q=vance");
  const vance = admin.getByTestId("user-row").filter({ hasText: "dr.vance" });
  await vance.getByRole("button", { name: "Issue enrolment code for Dr. Eleanor Vance" }).click();
  const issue = admin.getByRole("dialog", { name: "Issue an enrolment code for Dr. Eleanor Vance?" });
  await issue.getByRole("button", { name: "Issue enrolment code" }).click();
  const issued = admin.getByRole("dialog", { name: "An enrolment code for Dr. Eleanor Vance" });
  // On a slow run the admin's last check may be over 5 minutes old: then they confirm it is them first.
  const asked = admin.getByRole("dialog", { name: "Issue an enrolment code?" });
  await expect(issued.or(asked)).toBeVisible();
  if (await asked.isVisible()) {
    await asked.getByLabel("Your password").fill(DEMO.admin.password);
    await asked.getByRole("button", { name: "Issue enrolment code" }).click();
  }
  const enrolmentCode = await issued.getByRole("textbox", { name: "Enrolment code" }).inputValue();
  expect(enrolmentCode).toMatch(/^([A-Z2-9]{4}-){3}[A-Z2-9]{4}$/);
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, "enrolment-code-issued");
  await issued.getByRole("button", { name: "Done" }).click();

  // With it, the same set-up goes through.
  await doctor.getByRole("textbox", { name: "Enrolment code" }).fill(enrolmentCode);
  await doctor.getByLabel("Code from your authenticator app").fill(await codeFor(secret));
  await doctor.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(doctor.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await doctor.getByRole("button", { name: "I have saved them" }).click();
  await expect(doctor.getByRole("heading", { level: 1, name: /Dr\. Vance/ })).toBeVisible();
  expect((await doctor.request.get("/api/appointments")).status()).toBe(200);

  // The doctor loses their phone and their codes: the admin resets it from All users.
  await setStaffPolicy(admin, false);
  await expectToast(admin, "Settings saved");
  await admin.goto("/admin/users?q=vance");
  const row = admin.getByTestId("user-row").filter({ hasText: "dr.vance" });
  await expect(row.getByText("Two-step sign-in on")).toBeVisible();
  await row.getByRole("button", { name: "Reset two-step sign-in for Dr. Eleanor Vance" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reset the two-step sign-in of Dr. Eleanor Vance?" });
  expect(await seriousViolations(admin)).toEqual([]);
  // The admin's own password first: the reset lets a password alone sign the doctor in.
  await confirm.getByLabel("Your password").fill(DEMO.admin.password);
  await confirm.getByRole("button", { name: "Reset two-step sign-in" }).click();
  await expectToast(admin, "Two-step sign-in reset");
  await expect(row.getByRole("button", { name: "Reset two-step sign-in for Dr. Eleanor Vance" })).toHaveCount(0);

  // Signed out everywhere: the doctor's open page is sent to sign in. The password alone signs
  // them in now, and the clinic says why.
  expect((await doctor.request.get("/api/user")).status()).toBe(401);
  await expect(doctor).toHaveURL(/\/auth$/);
  await signInQuietly(doctor, DEMO.doctor);
  await doctor.goto("/dashboard/doctor");
  const notice = doctor.getByRole("complementary", { name: "A notice for you" });
  await expect(notice.getByRole("heading", { name: "Your two-step sign-in was reset" })).toBeVisible();
  expect(await seriousViolations(doctor)).toEqual([]);
  await screenshots(doctor, "notice-two-step-reset");
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
  await doctor.reload();
  await expect(doctor.getByRole("heading", { level: 1, name: /Dr\. Vance/ })).toBeVisible();
  await expect(doctor.getByRole("complementary", { name: "A notice for you" })).toHaveCount(0);
});
