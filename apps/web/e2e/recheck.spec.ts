import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test as base } from "@playwright/test";
import Database from "better-sqlite3";

import { uniqueSuffix } from "./admin-support";
import { startClinicServer, type ClinicServer } from "./clinic-server";
import { DEMO, seriousViolations, signInQuietly } from "./support";
import { screenshots } from "./two-step-support";

// A clinic of its own, on a data folder this test holds: its sessions are aged in the database,
// as five minutes passing would age them.
const test = base.extend<object, { clinic: ClinicServer & { dataDir: string } }>({
  clinic: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-recheck-"));
      const clinic = await startClinicServer({ env: { DATA_DIR: dataDir } });
      await use({ ...clinic, dataDir });
      await clinic.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ clinic }, use) => use(clinic.baseURL),
});

/** Makes the member's sessions last prove who they are six minutes ago: past the re-check's 5 minutes. */
function ageLastCheck(dataDir: string, username: string): void {
  const database = new Database(join(dataDir, "halcyon.db"));
  try {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
    database.prepare("UPDATE login_sessions SET verified_at = ? WHERE user_id = (SELECT id FROM users WHERE username = ?)").run(sixMinutesAgo, username);
  } finally {
    database.close();
  }
}

test("an admin whose last check is more than 5 minutes old creates an account only after confirming it is them", async ({ page, clinic }) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  await signInQuietly(page, DEMO.admin);
  ageLastCheck(clinic.dataDir, DEMO.admin.username);

  await page.goto("/admin/users/new");
  await page.getByRole("radio", { name: /^Admin/ }).check();
  await page.getByLabel("First name").fill("Priya");
  await page.getByLabel("Last name").fill("Natarajan");
  await page.getByLabel("Username").fill(`priya.${suffix}`);
  await page.getByLabel("Phone number").fill("(555) 010-3131");
  await page.getByLabel("Date of birth").fill("1984-04-09");
  await page.getByRole("button", { name: "Create account" }).click();

  // Creating an admin is as powerful as being one: the server asks, and the app asks the admin.
  const confirm = page.getByRole("dialog", { name: "Create this account?" });
  await expect(confirm.getByLabel("Your password")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "recheck-create-user");
  await confirm.getByLabel("Your password").fill("not the password");
  await confirm.getByRole("button", { name: "Create account" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("That password is not right.");
  await confirm.getByLabel("Your password").fill(DEMO.admin.password);
  await confirm.getByRole("button", { name: "Create account" }).click();

  // The account the form described is made, once, and its one-time password shown.
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Priya Natarajan is ready to sign in." })).toBeVisible();
  expect((await page.getByLabel("One-time password").inputValue()).length).toBeGreaterThanOrEqual(8);
  const found = await page.request.get(`/api/admin/users?search=priya.${suffix}`);
  expect(((await found.json()) as { users: { role: string }[] }).users.map((user) => user.role)).toEqual(["admin"]);
});
