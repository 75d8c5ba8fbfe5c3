import { expect, test, type Page, type Response } from "@playwright/test";

import { pickFirstFreeTime, registerPatient } from "./schedule-support";
import { chooseOption, expectToast, newPatient, screenshotsAt, seriousViolations } from "./support";

type PreviewOccurrence = { occurrence: string; date: string; problem: string | null };

/** The occurrences of a series preview the page read (the tRPC batch it came in may carry other calls). */
async function previewIn(response: Response): Promise<PreviewOccurrence[]> {
  const calls = decodeURIComponent(new URL(response.url()).pathname.slice("/trpc/".length)).split(",");
  const answers = (await response.json()) as { result: { data: { occurrences: PreviewOccurrence[] } } }[];
  return answers[calls.indexOf("series.preview")]!.result.data.occurrences;
}
const isPreview = (response: Response) => response.url().includes("series.preview") && response.ok();

/** Another patient, on a request context of their own, books one hour with the doctor. */
async function anotherPatientBooks(page: Page, doctorId: number, startTime: string): Promise<void> {
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const registered = await other.request.post("/api/register", { data: { ...newPatient(), role: "patient" } });
  expect(registered.status(), await registered.text()).toBe(200);
  const booked = await other.request.post("/api/appointments", { data: { doctorId, startTime, title: "Therapy session" } });
  expect(booked.status(), await booked.text()).toBe(200);
  await other.close();
}

test.use({ contextOptions: { reducedMotion: "reduce" } });

test("a patient books a weekly series around a taken date and moves this and the following sessions", async ({ page }) => {
  test.setTimeout(120_000);
  await registerPatient(page);
  const title = `Weekly check-in ${Date.now().toString(36)}`;
  const doctors = (await (await page.request.get("/api/doctors")).json()) as { id: number; firstName: string; lastName: string }[];
  const vance = doctors.find((doctor) => doctor.lastName === "Vance")!;

  await page.goto("/appointments");
  await page.getByRole("button", { name: "Book Session" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Book a session" });
  await chooseOption(page, dialog.getByRole("combobox", { name: "Doctor" }), /Dr\. Eleanor Vance/);
  await dialog.getByLabel("Title").fill(title);
  // Far ahead, where no other test books.
  await pickFirstFreeTime(dialog, { weeksAhead: 10 });

  // Every week, five sessions: all five dates are listed, free.
  const previews: PreviewOccurrence[][] = [];
  page.on("response", async (response) => {
    if (isPreview(response)) previews.push(await previewIn(response));
  });
  await chooseOption(page, dialog.getByRole("combobox", { name: "Repeat" }), "Every week", { exact: true });
  await dialog.getByLabel("Number of sessions").fill("5");
  await expect.poll(() => previews.at(-1)?.length).toBe(5);
  const dates = previews.at(-1)!;
  const list = dialog.getByRole("region", { name: /dates/ });
  await expect(list.getByRole("listitem")).toHaveCount(5);
  await expect(list.getByText("Free", { exact: true })).toHaveCount(5);

  // Meanwhile another patient takes the second date; looking again (at four sessions) shows it taken.
  await anotherPatientBooks(page, vance.id, dates[1]!.occurrence);
  await dialog.getByLabel("Number of sessions").fill("4");
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await expect(list.getByText("Taken: the clinician has another session")).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: "Book 3 sessions" })).toBeVisible();

  // For the taken date, another time that day.
  const taken = list.getByRole("listitem").nth(1);
  await taken.getByLabel("Pick another time").check();
  const otherTimes = taken.getByRole("group", { name: /^Free times on/ }).getByRole("button");
  await otherTimes.first().click();
  await expect(otherTimes.first()).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("button", { name: "Book 4 sessions" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "series-booking", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });

  const booking = page.waitForResponse((response) => response.url().includes("series.book"));
  await dialog.getByRole("button", { name: "Book 4 sessions" }).click();
  const [{ result }] = (await (await booking).json()) as [{ result: { data: { appointments: { startTime: string }[] } } }];
  const booked = result.data.appointments.map((a) => a.startTime);
  await expectToast(page, "Success", "4 sessions booked.");
  await expect(dialog).toBeHidden();

  // This and following, from the third: the third and fourth move to the new weekday and time.
  const upcoming = page.getByRole("list", { name: "Upcoming sessions" });
  await expect(upcoming.getByRole("button", { name: `Reschedule ${title}` })).toHaveCount(4);
  await upcoming
    .getByRole("button", { name: `Reschedule ${title}` })
    .nth(2)
    .click();
  const reschedule = page.getByRole("dialog", { name: "Reschedule session" });
  await expect(reschedule.getByText("This session is part of a series. Change:")).toBeVisible();
  await reschedule.getByLabel("This and following sessions").check();
  await pickFirstFreeTime(reschedule, { weeksAhead: 14 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotsAt(page, "series-scope", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 720 });
  await reschedule.getByRole("button", { name: "Move session" }).click();
  await expectToast(page, "2 sessions moved");
  await expect(reschedule).toBeHidden();

  // The first two kept their time; the last two moved to the new weekday and time.
  const sessions = (await (await page.request.get("/api/appointments?limit=100")).json()) as { title: string; startTime: string; status: string }[];
  const ours = sessions
    .filter((session) => session.title === title && session.status === "scheduled")
    .map((session) => session.startTime)
    .sort();
  expect(ours).toHaveLength(4);
  expect(ours.slice(0, 2)).toEqual(booked.slice(0, 2));
  for (const start of ours.slice(2)) expect(booked).not.toContain(start);
  const clock = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", weekday: "short", hour: "numeric", minute: "2-digit" }).format(new Date(iso));
  expect(new Set(ours.slice(2).map(clock)).size).toBe(1);
});
