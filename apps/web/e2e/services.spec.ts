// The clinic's services and a patient's own rate (issue 35, item 1) on a demo clinic of its own:
// an admin adds a service (a mistyped fee is refused by its field), raises its fee, sets a
// patient's own rate for it; the patient books it through the booking dialog, which shows the fee
// they agree to (their own rate) before they book, and the session's details show it after. Axe on
// each screen, screenshots at 375 and 1440 px.
import { expect, type Page } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { pickFirstFreeTime } from "./schedule-support";
import { beyondTheScreen, chooseOption, DEMO, expectToast, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** Full pages; a dialog (`fullPage: false`) as it is seen, over the page it opened on. */
async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  // From the top: scrolled, the sticky navbar would be drawn part-way down a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
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

  // Alex books the service afterwards, through the dialog: it starts at the clinic's default, lists
  // the one-patient services with the fee Alex would agree to, and says that fee before booking.
  // A context of its own (axe needs one made with newContext), signed in as Alex beside the admin.
  const alexContext = await browser.newContext({ baseURL: baseURL!, reducedMotion: "reduce" });
  const alex = await alexContext.newPage();
  await signInQuietly(alex, DEMO.patient);
  await alex.goto("/appointments");
  await alex.getByRole("button", { name: "Book Session" }).first().click();
  const booking = alex.getByRole("dialog", { name: "Book a session" });
  await chooseOption(alex, booking.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
  const service = booking.getByRole("combobox", { name: "Service" });
  await expect(service).toContainText("Individual Therapy · 53 min · $150.00");
  await expect(booking.getByText("You agree to $150.00 for this session.")).toBeVisible();
  await service.click();
  const offered = alex.getByRole("option");
  await expect(offered.filter({ hasText: "Evening Therapy · 50 min · $90.00" })).toBeVisible();
  await expect(offered.filter({ hasText: "Initial consultation" })).toBeVisible();
  // A couples session is booked with a partner (the dialog asks for them); a family session or a
  // group is never booked by one patient alone (a group is joined from the doctor's open groups).
  await expect(offered.filter({ hasText: "Couples Therapy" })).toBeVisible();
  await expect(offered.filter({ hasText: /Family|Mindfulness Group/ })).toHaveCount(0);
  await alex.keyboard.press("Escape");
  await chooseOption(alex, service, "Evening Therapy · 50 min · $90.00");
  await expect(booking.getByText("You agree to $90.00 for this session, your own rate.")).toBeVisible();
  const title = `Evening session ${Date.now().toString(36)}`;
  await booking.getByLabel("Title").fill(title);
  await pickFirstFreeTime(booking, { weeksAhead: 1 });
  await booking.getByRole("combobox", { name: "Service" }).scrollIntoViewIfNeeded();
  expect(await seriousViolations(alex)).toEqual([]);
  await screenshots(alex, "booking-service", { fullPage: false });
  await booking.getByRole("button", { name: "Book Session" }).click();
  await expectToast(alex, "Success", "Appointment booked successfully!");
  await expect(booking).toBeHidden();

  // The session keeps the service and the fee agreed, and its details say both.
  let chip = alex.getByTestId("calendar-appointment").filter({ hasText: title });
  if ((await chip.count()) === 0) {
    await alex.getByRole("button", { name: "Next month" }).click();
    chip = alex.getByTestId("calendar-appointment").filter({ hasText: title });
  }
  await chip.click();
  const details = alex.getByRole("dialog", { name: title });
  await expect(details.getByText("Evening Therapy · $90.00 agreed at booking")).toBeVisible();
  expect(await seriousViolations(alex)).toEqual([]);
  await screenshots(alex, "booking-service-details", { fullPage: false });
  const mine = (await (await alex.request.get("/api/appointments?limit=500")).json()) as { title: string; serviceName: string; feeMinor: number }[];
  expect(mine.find((appointment) => appointment.title === title)).toMatchObject({ serviceName: "Evening Therapy", feeMinor: 9_000 });
  await alexContext.close();
});
