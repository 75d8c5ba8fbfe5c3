// The clinic's services and a patient's own rate (issue 35, item 1) on a demo clinic of its own:
// an admin adds a service (a mistyped fee is refused by its field), raises its fee, sets a
// patient's own rate for it; the patient's next booking of it is agreed at that rate. Axe on each
// screen, screenshots at 375 and 1440 px.
import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { beyondTheScreen, chooseOption, DEMO, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

async function screenshots(page: Page, name: string) {
  // From the top: scrolled, the sticky navbar would be drawn part-way down a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}

/** A weekday `days` from now, as YYYY-MM-DD (the slots' own date; the clinic's zone is near enough this far ahead). */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test("an admin adds a service, raises its fee and sets a patient's own rate, which their next booking is agreed at", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/billing");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Services" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What the clinic offers" })).toBeVisible();
  await expect(page.getByTestId("service-row").filter({ hasText: "Individual Therapy" })).toContainText("90837");

  // Added: a 50-minute individual session calls for 90834; a mistyped fee is refused by its field.
  await page.getByRole("button", { name: "Add a service" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a service" });
  await dialog.getByLabel("Name").fill("Evening Therapy");
  await dialog.getByLabel("Length").fill("50");
  await expect(dialog.getByText("Left empty: 90834")).toBeVisible();
  await dialog.getByLabel("Fee (USD)").fill("120.505");
  await dialog.getByLabel("Usual sessions a year").fill("30");
  await dialog.getByRole("button", { name: "Add the service" }).click();
  await expect(dialog.getByLabel("Fee (USD)")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Give the fee as an amount like 120 or 120.50 (at most 2 decimal places)")).toBeVisible();
  await expect(dialog.getByLabel("Fee (USD)")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "services-add");
  await dialog.getByLabel("Fee (USD)").fill("120.5");
  await dialog.getByRole("button", { name: "Add the service" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("service-row").filter({ hasText: "Evening Therapy" });
  await expect(row).toContainText("$120.50");
  await expect(row).toContainText("90834");
  await expect(row).toContainText("50 min");

  // Raised: the dialog says a booked session keeps its fee.
  await row.getByRole("button", { name: "Edit Evening Therapy" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Evening Therapy" });
  await expect(edit.getByLabel("Fee (USD)")).toHaveValue("120.50");
  await expect(edit.getByText("A later change never rewrites a fee already agreed")).toBeVisible();
  await edit.getByLabel("Fee (USD)").fill("135");
  await edit.getByRole("button", { name: "Save the service" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("$135.00");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "services");

  // Alex's own rate for it, from their account on the Billing page.
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Billing" }).click();
  await chooseOption(page, page.getByRole("combobox", { name: "Patient" }), "Alex Morgan");
  await expect(page.getByText("No own rates: Alex Morgan pays each service’s fee.")).toBeVisible();
  await chooseOption(page, page.getByRole("combobox", { name: "Service" }), "Evening Therapy ($135.00)");
  await page.getByLabel("Their rate (USD)").fill("90");
  await page.getByRole("button", { name: "Set rate" }).click();
  const rate = page.getByTestId("own-rate-row").filter({ hasText: "Evening Therapy" });
  await expect(rate).toContainText("$90.00");
  await expect(rate).toContainText("$135.00");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "services-own-rate");

  // Alex books the service afterwards: the session is agreed at their own rate, not the fee.
  const alex = await browser.newPage({ baseURL: baseURL! });
  await signInQuietly(alex, DEMO.patient);
  const services = (await (await alex.request.get("/api/billing/services")).json()) as { id: number; name: string }[];
  const evening = services.find((service) => service.name === "Evening Therapy")!;
  const doctors = (await (await alex.request.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const vance = doctors.find((doctor) => doctor.lastName === "Vance")!;
  let startTime: string | undefined;
  for (let days = 21; !startTime && days < 42; days += 1) {
    const free = (await (await alex.request.get(`/api/doctors/${vance.id}/slots?date=${weekdayAhead(days)}`)).json()) as { slots: { startTime: string }[] };
    startTime = free.slots[0]?.startTime;
  }
  const booked = await alex.request.post("/api/appointments", { data: { doctorId: vance.id, title: "Evening session", startTime, serviceId: evening.id } });
  expect(booked.status(), await booked.text()).toBe(200);
  expect(await booked.json()).toMatchObject({ serviceId: evening.id, feeMinor: 9_000 });
  await alex.close();
});
