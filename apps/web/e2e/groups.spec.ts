import { expect } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { completeIntake, pickFirstFreeTime } from "./schedule-support";
import { DEMO, expectToast, newPatient, screenshotsAt, seriousViolations, signInQuietly } from "./support";

// Issue 36, part 1: a doctor sets a group on Appointments; a patient in their care finds it among
// their groups and joins; the doctor sees them in it. On a clinic of its own, so its accounts and
// its hours meet no other test's.

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** The demo's mindfulness clinician. */
const MOREAU = { username: "dr.moreau", password: DEMO.doctor.password, lastName: "Moreau" };

test("a doctor sets a group and a patient in their care joins it", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const title = `Mindfulness circle ${Date.now().toString(36)}`;
  await signInQuietly(page, MOREAU);
  await page.goto("/appointments");
  const groups = page.getByRole("region", { name: "Your groups" });
  await groups.getByRole("button", { name: "Set a group" }).click();
  const dialog = page.getByRole("dialog", { name: "Set a group" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Places").fill("4");
  await expect(dialog.getByRole("combobox", { name: "Service" })).toContainText("Mindfulness Group");
  // Far ahead, where no other test books with her.
  const chosen = await pickFirstFreeTime(dialog, { weeksAhead: 14 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "group-set", { fullPage: false });
  await dialog.getByRole("button", { name: "Set the group" }).click();
  await expectToast(page, "Group set");
  const row = groups.getByTestId("group").filter({ hasText: title });
  await expect(row).toContainText("0 of 4 places taken");
  expect(chosen).not.toBe("");

  // A patient in her care (they booked with her once) joins from their appointments.
  const patientContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const patientPage = await patientContext.newPage();
  const patient = newPatient();
  const registered = await patientPage.request.post("/api/register", { data: { ...patient, role: "patient" } });
  expect(registered.status(), await registered.text()).toBe(200);
  await completeIntake(patientPage, `${patient.firstName} ${patient.lastName}`);
  const doctors = (await (await patientPage.request.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const moreauId = doctors.find((doctor) => doctor.lastName === MOREAU.lastName)!.id;
  const date = new Date(Date.now() + 150 * 86_400_000).toISOString().slice(0, 10);
  const { slots } = (await (await patientPage.request.get(`/api/doctors/${moreauId}/slots?date=${date}`)).json()) as { slots: { startTime: string }[] };
  const booked = await patientPage.request.post("/api/appointments", {
    data: { doctorId: moreauId, title: "Therapy session", startTime: slots.at(-1)!.startTime },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await patientPage.goto("/appointments");
  const open = patientPage.getByRole("region", { name: "Groups" }).getByTestId("group").filter({ hasText: title });
  await expect(open).toContainText(`With Dr. Camille ${MOREAU.lastName}`);
  expect(await seriousViolations(patientPage)).toEqual([]);
  await screenshotsAt(patientPage, "group-open");
  await open.getByRole("button", { name: /^Join the group/ }).click();
  await expectToast(patientPage, "Joined");
  await expect(open).toContainText("You have a place");
  await expect(patientPage.getByTestId("appointment-row").filter({ hasText: title }).first()).toBeVisible();
  await patientContext.close();

  // The doctor sees them in it.
  await page.reload();
  await expect(row).toContainText("1 of 4 places taken");
  await expect(row).toContainText(`${patient.firstName} ${patient.lastName}`);
  await screenshotsAt(page, "group-doctor");
});
