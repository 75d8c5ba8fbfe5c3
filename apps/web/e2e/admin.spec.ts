import { readFile } from "node:fs/promises";

import { expect, test, type Page } from "@playwright/test";

import { createAccountAsAdmin } from "./admin-support";
import { beyondTheScreen, chooseOption, DEMO, expectToast, REFUSED_CROSS_SITE, refuseACrossSiteChange, signInQuietly } from "./support";

type Stats = {
  users: { total: number; patients: number; doctors: number; admins: number; deactivated: number };
  activeSessions: number;
  idleTimeoutMinutes: number;
  appointmentsToday: number;
  messages: { today: number; total: number };
  timeZone: string;
};

async function stats(page: Page): Promise<Stats> {
  const response = await page.request.get("/api/admin/stats");
  expect(response.status()).toBe(200);
  return (await response.json()) as Stats;
}

const figure = (page: Page, title: string) => page.getByTestId(`stat-${title.toLowerCase().replace(/\s+/g, "-")}`);

test.describe("admin dashboard", () => {
  test.beforeEach(async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
  });

  test("shows the specification's cards with the real figures, each saying what it counts", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByText("Admin Dashboard", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${DEMO.admin.firstName}.`);
    await expect(figure(page, "Total Users")).toBeVisible();

    // Other tests sign in, out and up on the same server meanwhile: the page, the figures and the
    // directory are compared when nothing changed between reading them, trying again until so.
    let now: Stats | undefined;
    await expect(async () => {
      await page.reload();
      await expect(figure(page, "Messages")).toHaveText(/^\d+$/);
      const shown = await Promise.all(["Total Users", "Active Sessions", "Appointments Today", "Messages"].map((title) => figure(page, title).textContent()));
      now = await stats(page);
      const directory = await page.request.get("/api/admin/users?status=active&limit=1");
      const { total } = (await directory.json()) as { total: number };
      expect(now.users.total).toBe(total);
      expect(shown).toEqual([now.users.total, now.activeSessions, now.appointmentsToday, now.messages.today].map(String));
    }).toPass({ timeout: 30_000 });
    if (!now) throw new Error("no figures were read");

    await expect(page.getByRole("region", { name: "Total Users" })).toContainText(`${now.users.doctors} doctors`);
    await expect(page.getByRole("region", { name: "Active Sessions" })).toContainText(`within the last ${now.idleTimeoutMinutes} minutes`);
    await expect(page.getByRole("region", { name: "Appointments Today" })).toContainText("cancellations excluded");
    await expect(page.getByRole("region", { name: "Messages" })).toContainText(`${now.messages.total} messages in all`);
  });

  test("is also what an admin sees on the home page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Total Users" })).toBeVisible();
    await expect(page.getByTestId("splash")).toHaveCount(0);
  });

  test("every one of the six buttons does what it says", async ({ page }) => {
    const destinations: [string, RegExp, string][] = [
      ["View All Users", /\/admin\/users$/, "Everyone at the clinic"],
      ["Add New User", /\/admin\/users\/new$/, "Welcome someone new"],
      ["Manage Doctors", /\/admin\/doctors$/, "The clinicians"],
      ["View System Logs", /\/admin\/logs$/, "The system log"],
      ["System Settings", /\/admin\/settings$/, "The clinic's settings"],
    ];
    await page.goto("/admin");
    for (const [label, url, heading] of destinations) {
      await page.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // Back within the app, as a member would: no reload of the whole page each time.
      await page.goBack();
      await expect(page).toHaveURL(/\/admin$/);
    }
  });

  test("Backup Database downloads a consistent SQLite snapshot", async ({ page }) => {
    await page.goto("/admin");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Backup Database" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^halcyon-.+\.db$/);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
    await expectToast(page, "Backup downloaded", download.suggestedFilename());
    // The recent activity on the same page shows it without a reload.
    await expect(page.getByRole("region", { name: "Recent Activity" }).getByText("Avery Sinclair downloaded a database backup").first()).toBeVisible();

    // The server's own answer says it is a file to save.
    const direct = await page.request.get("/api/admin/backup");
    expect(direct.headers()["content-disposition"]).toMatch(/^attachment; filename="halcyon-.+\.db"$/);
  });

  test("recent activity comes from the system log, in words", async ({ page }) => {
    await page.goto("/admin");
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByText("Avery Sinclair signed in").first()).toBeVisible();
    await activity.getByRole("link", { name: "Open the full system log" }).click();
    await expect(page).toHaveURL(/\/admin\/logs$/);
  });
});

test.describe("all users", () => {
  test.beforeEach(async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    await page.goto("/admin/users");
  });

  test("searches and filters by role and status", async ({ page }) => {
    const rows = page.getByTestId("user-row");
    await expect(rows.first()).toBeVisible();

    await chooseOption(page, page.getByRole("combobox", { name: "Role" }), "Doctors");
    await expect(page).toHaveURL(/role=doctor/);
    await expect(rows.filter({ hasText: "dr.vance" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "alex" })).toHaveCount(0);

    await page.getByLabel("Search").fill("vance");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Dr. Eleanor Vance");

    await chooseOption(page, page.getByRole("combobox", { name: "Status" }), "Deactivated");
    await expect(page.getByText("No one matches")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(rows.filter({ hasText: "alex" }).first()).toBeVisible();
  });

  test("the last active admin cannot be deactivated: the server's reason shows in a toast", async ({ page }) => {
    await page.getByLabel("Search").fill("admin");
    const me = page.getByTestId("user-row").filter({ hasText: "(you)" });
    await me.getByRole("button", { name: /^Deactivate/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("This is your own account");
    await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
    await expectToast(page, "The account was not deactivated", "The clinic needs at least one active admin");
    // The question is answered: the dialog closes, and the row still offers the same action.
    await expect(dialog).toHaveCount(0);
    await expect(me.getByRole("button", { name: /^Deactivate/ })).toBeFocused();
  });

  test("changes a role after saying what it means", async ({ page, request }) => {
    // A patient of its own: the demo clinic stays as seeded for the other tests.
    const account = await createAccountAsAdmin(request, "patient");
    const name = `${account.firstName} ${account.lastName}`;
    await page.getByLabel("Search").fill(account.username);
    const row = page.getByTestId("user-row").filter({ hasText: account.username });
    await row.getByRole("button", { name: /^Change role/ }).click();
    const dialog = page.getByRole("dialog", { name: "Change role" });
    await dialog.getByRole("radio", { name: /^Doctor/ }).check();
    await dialog.getByRole("button", { name: "Change role" }).click();
    await expect(dialog.getByText("A doctor needs a specialization.")).toBeVisible();
    await dialog.getByLabel("Specialization").fill("Individual Therapy");
    await dialog.getByRole("button", { name: "Change role" }).click();
    await expectToast(page, "Role changed", `${name} is now a doctor`);
    await expect(row).toContainText("Doctor");
  });
});

test.describe("system log", () => {
  test("filters by person, action and dates, pages, and exports the same selection as CSV", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    await page.goto("/admin/logs");
    await expect(page.getByTestId("log-row").first()).toBeVisible();

    await page.getByLabel("Person").fill("sincl");
    await page
      .getByRole("list", { name: "Matching people" })
      .getByRole("button", { name: /Avery Sinclair/ })
      .click();
    await expect(page).toHaveURL(/actor=\d+/);
    await chooseOption(page, page.getByRole("combobox", { name: "Action" }), "Sign-in", { exact: true });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    await page.getByLabel("From").fill(day);
    await page.getByLabel("To").fill(day);
    const rows = page.getByTestId("log-row");
    await expect(rows.first()).toContainText("Avery Sinclair signed in");
    await expect(rows.filter({ hasNotText: "Sign-in" })).toHaveCount(0);

    // A range that ends before it starts is refused before asking the server.
    await page.getByLabel("From").fill("2099-01-02");
    await expect(page.getByRole("alert")).toHaveText("The first day comes after the last day.");
    await page.getByLabel("From").fill(day);

    const exportLink = page.getByRole("link", { name: "Export CSV" });
    const href = (await exportLink.getAttribute("href"))!;
    const query = new URL(href, "http://clinic.example").searchParams;
    expect(query.get("action")).toBe("auth.login");
    expect(query.get("actorId")).toMatch(/^\d+$/);
    expect(query.get("from")).toBeTruthy();

    const downloading = page.waitForEvent("download");
    await exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^halcyon-audit-.+\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header).toBe("id,occurred_at,actor_id,actor,action,target_type,target_id,outcome,ip,user_agent,details");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toContain('"auth.login"');
  });

  test("tells refused requests of nobody signed in, in words", async ({ page }) => {
    await refuseACrossSiteChange(page);
    await signInQuietly(page, DEMO.admin);
    await page.goto("/admin/logs?action=access.denied");
    const refused = page.getByTestId("log-row").filter({ hasText: REFUSED_CROSS_SITE });
    await expect(refused.first()).toBeVisible();
    await expect(refused.first()).toContainText("Access refused");
  });

  test("pages through older entries", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    // Every read of health data is logged: sixty reads make sure there is a second page.
    for (let i = 0; i < 60; i += 1) expect((await page.request.get("/api/appointments")).status()).toBe(200);
    await page.goto("/admin/logs");
    const rows = page.getByTestId("log-row");
    await expect(rows).toHaveCount(50);
    const newest = Number(await rows.first().getAttribute("data-entry-id"));
    const oldestOnPageOne = Number(await rows.last().getAttribute("data-entry-id"));
    await page.getByRole("button", { name: "Older" }).click();
    await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
    await expect.poll(async () => Number(await rows.first().getAttribute("data-entry-id"))).toBeLessThan(oldestOnPageOne);
    await page.getByRole("button", { name: "Newer" }).click();
    // Back on the first page. The other worker's tests may have logged entries meanwhile, so the
    // newest row is the one seen before or a newer one.
    await expect(page.getByText("Page 1", { exact: true })).toBeVisible();
    await expect.poll(async () => Number(await rows.first().getAttribute("data-entry-id"))).toBeGreaterThanOrEqual(newest);
  });
});

test.describe("doctors", () => {
  test("edits a doctor's specialization and hours", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    await page.goto("/admin/doctors");
    const card = page.getByRole("article", { name: "Dr. Julian Okafor" });
    await card.getByRole("button", { name: "Edit Dr. Julian Okafor" }).click();
    const dialog = page.getByRole("dialog", { name: "Dr. Julian Okafor" });
    await dialog.getByLabel("Specialization").fill("Couples & Family Therapy");
    const own = dialog.getByRole("switch", { name: "Own weekly hours" });
    if ((await own.getAttribute("aria-checked")) === "false") await own.click();
    await dialog.getByRole("switch", { name: "Open on Saturday" }).click();
    await dialog.getByLabel("Saturday, period 1, opens").fill("10:00");
    await dialog.getByLabel("Saturday, period 1, closes").fill("09:00");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("On Saturday, each period must end after it starts.")).toBeVisible();
    await dialog.getByLabel("Saturday, period 1, closes").fill("14:00");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Saved");
    await expect(card).toContainText("Couples & Family Therapy");
    await expect(card).toContainText("Sat: 10 am – 2 pm");
  });
});

test.describe("guards", () => {
  for (const who of ["patient", "doctor"] as const) {
    test(`a ${who} opening /admin sees the designed 403 page, and the server refuses the figures`, async ({ page }) => {
      await signInQuietly(page, DEMO[who]);
      for (const path of ["/admin", "/admin/users", "/admin/logs"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: "This room is reserved for others." })).toBeVisible();
      }
      expect((await page.request.get("/api/admin/stats")).status()).toBe(403);
      expect((await page.request.get("/api/admin/backup")).status()).toBe(403);
    });
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("no administration screen scrolls sideways", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    const ready: [string, string][] = [
      ["/admin", "Total Users"],
      ["/admin/users", "Everyone at the clinic"],
      ["/admin/users/new", "Welcome someone new"],
      ["/admin/doctors", "The clinicians"],
      ["/admin/logs", "The system log"],
      ["/admin/settings", "The clinic's settings"],
      ["/admin/billing/services", "What the clinic offers"],
    ];
    for (const [path, heading] of ready) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      if (path === "/admin/users/new") {
        await page.getByRole("radio", { name: /^Doctor/ }).check();
        await page.getByRole("switch", { name: "Own weekly hours" }).click();
        await expect(page.getByLabel("Monday, period 1, opens")).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      expect(await beyondTheScreen(page), `${path} at 375 px`).toEqual([]);
    }
  });
});
