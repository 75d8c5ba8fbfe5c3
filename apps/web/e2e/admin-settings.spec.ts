// The clinic's settings, on a clinic of its own: the shared server's other tests read and book in
// its time zone, which this test changes.
import { expect } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { DEMO, expectToast, signInQuietly } from "./support";

const test = ownClinic();

test.describe("system settings", () => {
  test("refuse a value out of range with the server's words, then save and take effect", async ({ page }) => {
    test.setTimeout(120_000);
    await signInQuietly(page, DEMO.admin);
    const saved = (await (await page.request.get("/api/admin/settings")).json()) as { idleTimeoutMinutes: number; clinicTimeZone: string };
    await page.goto("/admin/settings");
    const idle = page.getByLabel("Idle sign-out");
    await expect(idle).toHaveValue(String(saved.idleTimeoutMinutes));

    await idle.fill("2");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, "Please check the settings", "At least 5 minutes");
    const form = page.getByRole("form", { name: "System Settings" });
    await expect(form.getByText("At least 5 minutes", { exact: true })).toBeVisible();
    await expect(idle).toBeFocused();
    // The notification rises above the pinned save bar: Save settings is not under it.
    const save = page.getByRole("button", { name: "Save settings" });
    const box = (await save.boundingBox())!;
    const underPointer = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("button")?.textContent,
      [box.x + box.width - 8, box.y + box.height / 2],
    );
    expect(underPointer).toBe("Save settings");

    // The zone is chosen from the searchable list of IANA zones; what is not in it cannot be chosen.
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await zone.fill("Mars/Olympus_Mons");
    await expect(page.getByRole("status").filter({ hasText: "No time zone matches" })).toBeVisible();
    await zone.press("Escape");
    await expect(zone).toHaveValue(saved.clinicTimeZone.replaceAll("_", " "));
    // The arrow opens the whole list at the zone chosen now, in sight and checked.
    await zone.press("ArrowDown");
    const activeOption = page.locator(`[id="${await zone.getAttribute("aria-activedescendant")}"]`);
    await expect(activeOption).toHaveAttribute("aria-selected", "true");
    await expect(activeOption).toBeInViewport();
    await zone.press("Escape");
    await zone.fill("lisbon");
    await page.getByRole("option", { name: "Europe/Lisbon" }).click();
    await expect(zone).toHaveValue("Europe/Lisbon");
    await idle.fill("45");
    await page.getByLabel("Cancellation window").fill("36");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, "Settings saved");
    await expect(page.getByText("Everything is saved.")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Idle sign-out")).toHaveValue("45");
    await expect(page.getByLabel("Cancellation window")).toHaveValue("36");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Lisbon");
    // In effect at once: the dashboard's Active Sessions counts by the new timeout.
    await page.goto("/admin");
    await expect(page.getByRole("region", { name: "Active Sessions" })).toContainText("within the last 45 minutes");

    // A zone saved under its former name (browsers still write "Asia/Calcutta") is shown and checked by its current one.
    const current = (await (await page.request.get("/api/admin/settings")).json()) as Record<string, unknown>;
    expect((await page.request.put("/api/admin/settings", { data: { ...current, clinicTimeZone: "Asia/Calcutta" } })).status()).toBe(200);
    await page.goto("/admin/settings");
    const renamed = page.getByRole("combobox", { name: "Time zone" });
    await expect(renamed).toHaveValue("Asia/Kolkata");
    await renamed.fill("calcutta");
    await expect(page.getByRole("option", { name: "Asia/Kolkata" })).toHaveAttribute("aria-selected", "true");
  });
});
