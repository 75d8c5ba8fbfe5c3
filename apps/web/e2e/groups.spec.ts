import { join } from "node:path";

import { expect, type Browser, type Page } from "@playwright/test";
import Database from "better-sqlite3";

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

/** The free hours of the doctor's first day with any, from `daysAhead` on (far ahead: no other test books there). */
async function freeHoursOf(page: Page, doctorId: number, daysAhead: number): Promise<{ startTime: string }[]> {
  for (let days = daysAhead; ; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (await page.request.get(`/api/doctors/${doctorId}/slots?date=${date}`)).json()) as { slots: { startTime: string }[] };
    if (slots.length > 0) return slots;
  }
}

/** A new patient (named `firstName`, so two are told apart) in Dr. Moreau's care (they booked with her far ahead), signed in in a context of their own. */
async function aPatientOfMoreau(browser: Browser, baseURL: string, moreauId: number, firstName: string): Promise<{ page: Page; name: string }> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  const patient = { ...newPatient(), firstName };
  const registered = await page.request.post("/api/register", { data: { ...patient, role: "patient" } });
  expect(registered.status(), await registered.text()).toBe(200);
  await completeIntake(page, `${patient.firstName} ${patient.lastName}`);
  const slots = await freeHoursOf(page, moreauId, 140 + Math.floor(Math.random() * 20));
  const booked = await page.request.post("/api/appointments", { data: { doctorId: moreauId, title: "Therapy session", startTime: slots.at(-1)!.startTime } });
  expect(booked.status(), await booked.text()).toBe(200);
  return { page, name: `${patient.firstName} ${patient.lastName}` };
}

test("after a group meets, its doctor writes the session's note and shares it with one member, who alone reads it", async ({
  page,
  browser,
  baseURL,
  clinic,
}) => {
  test.setTimeout(150_000);
  const title = `Breath circle ${Date.now().toString(36)}`;
  await signInQuietly(page, MOREAU);
  const doctors = (await (await page.request.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const moreauId = doctors.find((doctor) => doctor.lastName === MOREAU.lastName)!.id;
  const db = new Database(join(clinic.dataDir, "halcyon.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const { id: serviceId } = db.prepare("SELECT id FROM clinic_services WHERE kind = 'group' LIMIT 1").get() as { id: number };
    const slots = await freeHoursOf(page, moreauId, 120);
    const made = await page.request.post("/api/groups", { data: { title, startTime: slots[0]!.startTime, capacity: 4, serviceId } });
    expect(made.status(), await made.text()).toBe(200);
    const groupId = ((await made.json()) as { id: number }).id;
    const [reader, other] = [await aPatientOfMoreau(browser, baseURL!, moreauId, "Iris"), await aPatientOfMoreau(browser, baseURL!, moreauId, "Tomas")];
    for (const member of [reader, other]) expect((await member.page.request.post(`/api/groups/${groupId}/join`)).status()).toBe(200);
    // The group met an hour ago (moved there in its database: no booking is made in the past).
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 53 * 60_000);
    const times = [start.toISOString(), new Date(start.getTime() + 3_600_000).toISOString(), groupId] as const;
    db.prepare("UPDATE appointment_parties SET start_time = ?, end_time = ? WHERE id = ?").run(...times);
    db.prepare("UPDATE appointments SET start_time = ?, end_time = ? WHERE party_id = ?").run(...times);

    // The doctor writes it on a member's place (an empty one is refused at its field).
    await page.goto("/appointments");
    const history = page.getByRole("region", { name: "Session History" });
    await history.getByTestId("appointment-row").filter({ hasText: title }).first().getByRole("button", { name: title }).click();
    const details = page.getByRole("dialog", { name: title });
    const note = details.getByRole("region", { name: "The session's note" });
    await note.getByRole("button", { name: "Save note" }).click();
    await expect(note.getByText("Write the session's note.")).toBeVisible();
    await note.getByLabel("The session's note").fill("Everyone practised the breath count; the room settled by the third round.");
    await note.getByRole("button", { name: "Save note" }).click();
    await expectToast(page, "Note saved");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAt(page, "party-note-draft", { fullPage: false });
    // Signed, it never changes; then shared with the one member it helps.
    await note.getByRole("button", { name: "Sign note" }).click();
    await expectToast(page, "Note signed");
    await expect(note.getByText(/^Signed /)).toBeVisible();
    await expect(note.getByLabel("The session's note")).toHaveCount(0);
    await note.getByRole("switch", { name: `Shared with ${reader.name}` }).click();
    await expect(note.getByRole("switch", { name: `Shared with ${reader.name}` })).toHaveAttribute("aria-checked", "true");
    await expect(note.getByRole("switch", { name: `Shared with ${other.name}` })).toHaveAttribute("aria-checked", "false");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotsAt(page, "party-note-doctor", { fullPage: false });

    // The member it is shared with reads it on their place; the other sees no note at all.
    for (const member of [reader, other]) {
      await member.page.goto("/appointments");
      // The note is asked for as the place opens: its answer read, what is shown is what there is.
      const asked = member.page.waitForResponse((response) => response.url().includes("parties.note"));
      await member.page.getByRole("region", { name: "Session History" }).getByRole("button", { name: title }).click();
      const theirs = member.page.getByRole("dialog", { name: title });
      expect((await asked).status()).toBe(200);
      if (member === reader) {
        await expect(theirs.getByRole("region", { name: "The session's note" })).toContainText("the room settled by the third round");
        await expect(theirs).not.toContainText(other.name);
        expect(await seriousViolations(member.page)).toEqual([]);
        await screenshotsAt(member.page, "party-note-patient", { fullPage: false });
      } else {
        await expect(theirs.getByRole("region", { name: "The session's note" })).toHaveCount(0);
      }
      await member.page.context().close();
    }
  } finally {
    db.close();
  }
});
