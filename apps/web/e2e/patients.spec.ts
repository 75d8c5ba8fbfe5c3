import { expect, test } from "@playwright/test";

import { trpcRequestsOnLoad } from "./schedule-support";
import { DEMO, signInQuietly } from "./support";

test.describe("the doctor's patients", () => {
  test("the list shows each patient's last session, latest rating and next appointment, and searches by name", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/patients");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Dr. Vance.");
    const alex = page.getByRole("link", { name: /Alex Morgan/ });
    await expect(alex).toContainText("8/10");
    await expect(alex).not.toContainText("None booked");

    await page.getByRole("searchbox", { name: "Search patients" }).fill("jord");
    await expect(page.getByRole("link", { name: /Jordan Ellis/ })).toBeVisible();
    await expect(alex).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search patients" }).fill("nobody-by-this-name");
    await expect(page.getByText("No one matches “nobody-by-this-name”")).toBeVisible();
  });

  test("a patient's history opens straight from its address too, with the same chart", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/patients");
    await page.getByRole("link", { name: /Alex Morgan/ }).click();
    await expect(page).toHaveURL(/\/patients\/\d+$/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Alex Morgan" })).toBeVisible();
    await expect(page.getByTestId("progress-average")).toHaveText("5.8/ 10");
    await expect(page.getByRole("region", { name: "Sessions" }).getByTestId("appointment-row")).not.toHaveCount(0);
  });

  test("someone who is not the doctor's patient stays closed to them; patients cannot open the list", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    await page.goto("/patients/1");
    await expect(page.getByRole("heading", { level: 1, name: "This patient is not in your care" })).toBeVisible();
    await page.goto("/patients/not-a-number");
    await expect(page.getByText("We couldn't find this patient")).toBeVisible();

    await signInQuietly(page, DEMO.patient);
    await page.goto("/patients");
    await expect(page.getByRole("heading", { name: "This room is reserved for others." })).toBeVisible();
  });

  test("the patient list makes at most 3 API round-trips on load", async ({ page }) => {
    await signInQuietly(page, DEMO.doctor);
    const requests = await trpcRequestsOnLoad(page, "/patients");
    test.info().annotations.push({ type: "round-trips", description: `${requests.length}: ${requests.join(" | ")}` });
    expect(requests.length).toBeLessThanOrEqual(3);
  });
});
