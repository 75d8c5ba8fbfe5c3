import { expect, test, type APIRequestContext } from "@playwright/test";

import { registerPatient } from "./schedule-support";
import { chooseOption, expectToast, newPatient, screenshotsAt, seriousViolations, signInQuietly } from "./support";

// Issue 36, part 3: a patient joins a doctor's waitlist on /waitlist; another patient's
// cancellation frees an hour, which appears on the waiting patient's open page (pushed, no reload),
// held for them; they accept it and it is booked.

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A demo doctor few other tests book with, so the hour freed here is the one offered. */
const DOCTOR = { username: "dr.okafor", lastName: "Okafor" };

async function doctorId(request: APIRequestContext): Promise<number> {
  const doctors = (await (await request.get("/api/doctors")).json()) as { id: number; lastName: string }[];
  const doctor = doctors.find((candidate) => candidate.lastName === DOCTOR.lastName);
  if (!doctor) throw new Error(`no Dr. ${DOCTOR.lastName} in the demo clinic`);
  return doctor.id;
}

/** Another patient books the doctor's first free hour ten days on and cancels it: the hour is freed. Answers its start. */
async function freeAnHour(request: APIRequestContext, id: number): Promise<string> {
  const registered = await request.post("/api/register", { data: { ...newPatient(), role: "patient" } });
  expect(registered.status(), await registered.text()).toBe(200);
  for (let days = 10; days < 24; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (await request.get(`/api/doctors/${id}/slots?date=${date}`)).json()) as { slots: { startTime: string }[] };
    if (!slots[0]) continue;
    const booked = await request.post("/api/appointments", { data: { doctorId: id, title: "Soon cancelled", startTime: slots[0].startTime } });
    expect(booked.status(), await booked.text()).toBe(200);
    const cancelled = await request.patch(`/api/appointments/${(await booked.json()).id}`, { data: { status: "cancelled" } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    return slots[0].startTime;
  }
  throw new Error("the doctor has no free hour in two weeks");
}

test("a waitlisted patient is offered a freed hour and accepts it", async ({ page, browser }) => {
  await registerPatient(page);
  const id = await doctorId(page.request);

  await page.goto("/waitlist");
  await expect(page.getByRole("heading", { level: 1, name: /Waiting for a time/ })).toBeVisible();
  await expect(page.getByText("You are not on a waitlist")).toBeVisible();
  await page.getByRole("button", { name: "Join a waitlist" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Join a waitlist" });
  await chooseOption(page, dialog.getByLabel("Doctor"), new RegExp(`${DOCTOR.lastName}`));
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await dialog.getByRole("button", { name: day }).click();
  await dialog.getByLabel("From").fill("06:00");
  await dialog.getByLabel("Until", { exact: true }).fill("22:00");
  await screenshotsAt(page, "waitlist-join", { fullPage: false });
  await dialog.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(dialog).toBeHidden();
  const entries = page.getByRole("list", { name: "Your waitlists" });
  await expect(entries).toContainText(`Dr. Julian ${DOCTOR.lastName}`);
  await expect(entries).toContainText("Mon, Tue, Wed, Thu, Fri, Sat, Sun 06:00–22:00");

  // Someone else's cancellation: the offer appears on the open page, without a reload.
  const other = await browser.newContext();
  const freed = await freeAnHour(other.request, id);
  await other.close();
  const offer = page.getByTestId("waitlist-offer");
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`Dr. Julian ${DOCTOR.lastName}`);
  await expect(offer).toContainText(/Held for you until .* \(1[45] min\)/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "waitlist-offer");

  await offer.getByRole("button", { name: /^Accept and book/ }).click();
  await expectToast(page, "Booked");
  await expect(offer).toHaveCount(0);
  await expect(page.getByText("You are not on a waitlist")).toBeVisible();
  const mine = (await (await page.request.get("/api/appointments?status=scheduled")).json()) as { doctorId: number; startTime: string }[];
  expect(mine).toContainEqual(expect.objectContaining({ doctorId: id, startTime: freed }));
});

test("a doctor sees who waits for them, and for how long", async ({ page, browser }) => {
  const patient = await browser.newContext();
  const waiting = await patient.newPage();
  const registration = await registerPatient(waiting);
  const joined = await waiting.request.post("/api/waitlist", {
    data: {
      doctorId: await doctorId(waiting.request),
      times: [{ weekday: 2, start: "17:00", end: "20:00" }],
      untilDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  await patient.close();

  await signInQuietly(page, { username: DOCTOR.username, password: "halcyon-doctor-demo" });
  await page.goto("/waitlist");
  // Names repeat among test patients: the row is theirs by name and by the times they gave.
  const row = page
    .getByTestId("waitlist-entry")
    .filter({ hasText: `${registration.firstName} ${registration.lastName}` })
    .filter({ hasText: "Tue 17:00–20:00" });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Joined today");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "waitlist-doctor");
});
