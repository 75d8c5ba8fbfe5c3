// A video visit through the UI, in two browser contexts with Chromium's fake camera and
// microphone: the device check, the waiting room, the admission, each side seeing the other's
// video play, mute and camera off reaching the other side, a reload rejoining the call, and the
// doctor ending it for both. A third member is told the room does not exist.
import { expect, test, type Page } from "@playwright/test";

import { clinicAtHour } from "./clinic-server";
import { memberBrowser, newPatientOf, openMessages } from "./messaging-support";
import { completeIntake } from "./schedule-support";
import { DEMO, expectToast, newPatient, postSignIn, seriousViolations } from "./support";
import { expectPlaying, join, signedInPage, startInstantVisit } from "./visit-support";

test.describe.configure({ mode: "serial" });

/** The screen passes axe and is photographed at 375 and 1440 px (then back to a desktop width). */
async function lookAt(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/visit-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a patient waits, the doctor admits, and they see and hear each other until the doctor ends the visit", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const doctor = await signedInPage(browser, baseURL!, DEMO.doctor);
  const patient = await signedInPage(browser, baseURL!, DEMO.patient);
  const visitId = await startInstantVisit(doctor, patient);

  // The patient's device check: pickers, a live preview, a level meter.
  await patient.goto(`/visits/${visitId}`);
  await expect(patient.getByRole("heading", { level: 1, name: "Your session with Dr. Vance" })).toBeVisible();
  await expect(patient.getByLabel("Camera", { exact: true })).toBeVisible();
  await expect(patient.getByLabel("Microphone", { exact: true })).toBeVisible();
  await expectPlaying(patient.getByLabel("Your camera preview"));
  // Chromium's fake microphone beeps: the meter moves.
  await expect
    .poll(async () => Number(await patient.getByRole("meter", { name: "Microphone level" }).getAttribute("aria-valuenow")), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await lookAt(patient, "device-check");

  // The waiting room.
  await join(patient);
  await expect(patient.getByText("Your therapist will admit you shortly")).toBeVisible();
  await lookAt(patient, "waiting-room");
  // On a laptop's screen the room and its controls are all in view, not below the fold.
  await patient.setViewportSize({ width: 1440, height: 900 });
  await patient.evaluate(() => window.scrollTo(0, 0));
  await expect(patient.getByText("Your therapist will admit you shortly")).toBeInViewport();
  await expect(patient.getByRole("button", { name: "Leave" })).toBeInViewport({ ratio: 1 });
  await expect(patient.getByRole("button", { name: "Turn camera off" })).toBeInViewport({ ratio: 1 });
  await patient.setViewportSize({ width: 1280, height: 800 });

  // The doctor joins, sees the patient waiting, and admits them.
  await doctor.goto(`/visits/${visitId}`);
  await join(doctor);
  await expect(doctor.getByText(/Alex \S+ is waiting to be admitted\./)).toBeVisible();
  await expect(doctor.getByTestId("connection-state")).toHaveText("Not in a call yet");
  await doctor.getByRole("button", { name: "Admit" }).click();

  // Both see the other's video playing, and hear the connection named in words.
  await expectPlaying(patient.getByLabel("Video of Eleanor"));
  await expectPlaying(doctor.getByLabel("Video of Alex"));
  await expect(patient.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  await expect(doctor.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
  await lookAt(doctor, "call");

  // Mute and camera off reach the other side, and back.
  await patient.getByRole("button", { name: "Mute" }).click();
  await expect(doctor.getByText("Alex is muted")).toBeVisible();
  await patient.getByRole("button", { name: "Turn camera off" }).click();
  await expect(doctor.getByText("Alex's camera is off")).toBeVisible();
  await patient.getByRole("button", { name: "Unmute" }).click();
  await patient.getByRole("button", { name: "Turn camera on" }).click();
  await expect(doctor.getByText("Alex is muted")).toBeHidden();
  await expect(doctor.getByText("Alex's camera is off")).toBeHidden();

  // The patient leaves: the doctor is told so, not that Alex has yet to come; Alex rejoins
  // through the device check, straight into the admitted call.
  await patient.getByRole("button", { name: "Leave" }).click();
  await expect(patient.getByRole("heading", { name: "You have left the visit" })).toBeFocused();
  await expect(doctor.getByText("Alex has left. They can join again while the visit is open.")).toBeVisible();
  await expect(doctor.getByTestId("connection-state")).toHaveText("Alex has left");
  await patient.getByRole("button", { name: "Rejoin" }).click();
  await join(patient);
  await expectPlaying(patient.getByLabel("Video of Eleanor"));
  await expectPlaying(doctor.getByLabel("Video of Alex"));

  // A reload rejoins the same call, without the device check.
  await patient.reload();
  await expectPlaying(patient.getByLabel("Video of Eleanor"));
  await expectPlaying(doctor.getByLabel("Video of Alex"));

  // The doctor ends it for both. The patient, on a phone scrolled down to the call's controls,
  // still sees that it ended: the notice comes into view with the focus.
  await patient.setViewportSize({ width: 375, height: 812 });
  const leave = patient.getByRole("button", { name: "Leave" });
  // Scrolled again until it stays: the narrower page is still settling (the videos re-fit).
  await expect(async () => {
    await leave.evaluate((button) => void button.scrollIntoView({ block: "end" }));
    await expect(leave).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await doctor.getByRole("button", { name: "End visit" }).click();
  await expect(doctor.getByRole("heading", { name: "This visit has ended" })).toBeVisible();
  await expect(patient.getByRole("heading", { name: "This visit has ended" })).toBeInViewport({ ratio: 1 });
  await expect(patient.getByRole("heading", { name: "This visit has ended" })).toBeFocused();
  await expect(patient.getByLabel("Video of Eleanor")).toHaveCount(0);

  // Another patient is told the room does not exist.
  const stranger = newPatient();
  const strangerPage = await (await browser.newContext({ baseURL })).newPage();
  expect((await strangerPage.request.post("/api/register", { data: { ...stranger, role: "patient" } })).status()).toBe(200);
  await strangerPage.goto(`/visits/${visitId}`);
  await expect(strangerPage.getByRole("heading", { level: 1, name: "This page has drifted out to sea." })).toBeVisible();
});

// One test per refusal, each within its own time: a sign-in, a visit, one page, axe and two pictures.
test.describe("the device check says plainly when the browser refuses the camera and microphone, or there are none", () => {
  for (const [refusal, words] of [
    ["NotAllowedError", "Your browser is not allowing the camera and microphone."],
    ["NotFoundError", "No camera or microphone was found."],
  ] as const) {
    test(refusal, async ({ browser, baseURL }) => {
      // The doctor only starts the visit: a session, no page.
      const doctor = await browser.newContext({ baseURL });
      const signedIn = await postSignIn(doctor.request, DEMO.doctor);
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      const page = await signedInPage(browser, baseURL!, DEMO.patient);
      const visitId = await startInstantVisit(doctor, page);
      await doctor.close();
      // What the browser answers when the member said no, or has no device.
      await page.addInitScript((name) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", name));
      }, refusal);
      await page.goto(`/visits/${visitId}`);
      await expect(page.getByRole("alert")).toContainText(words);
      await expect(page.getByRole("button", { name: "Join visit" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
      await lookAt(page, `device-check-${refusal}`);
      await page.context().close();
    });
  }
});

test("from the chat: a patient hears when their room opens; the doctor's Call starts an instant visit the patient is invited to, wherever they are", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const doctor = await memberBrowser(browser, DEMO.doctor);
  const credentials = await newPatientOf(doctor.page, "Iris");
  const patient = await memberBrowser(browser, credentials);
  // The forms a video visit waits for (booking would not: paperwork.test.ts, intake.spec.ts).
  await completeIntake(patient.page, `${credentials.firstName} ${credentials.lastName}`);

  // No session is booked: the patient's Video call says so.
  await openMessages(patient.page, doctor.id);
  await patient.page.getByRole("button", { name: "Video call" }).click();
  await expectToast(patient.page, "No session is open yet", "You have no session booked with Dr. Vance.");

  // The doctor's Call (audio only) starts an instant visit and opens its room with the camera off.
  await openMessages(doctor.page, patient.id);
  await doctor.page.getByRole("button", { name: "Call", exact: true }).click();
  await expect(doctor.page).toHaveURL(/\/visits\/\d+\?audio$/);
  await expect(doctor.page.getByRole("switch", { name: "Join with audio only" })).toBeChecked();
  const visitId = Number(new URL(doctor.page.url()).pathname.split("/").pop());

  // The patient, still in the chat, is invited, and joins from the invitation.
  const invitation = patient.page.getByRole("complementary", { name: "A video visit invitation" });
  await expect(invitation.getByRole("heading", { name: "Dr. Eleanor Vance invites you to a video visit" })).toBeVisible();
  expect(await seriousViolations(patient.page)).toEqual([]);
  await invitation.getByRole("link", { name: "Join" }).click();
  await expect(patient.page).toHaveURL(new RegExp(`/visits/${visitId}$`));
  await expect(patient.page.getByRole("button", { name: "Join visit" })).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await doctor.context.close();
  await patient.context.close();
});

// The demo's session "today at 15:00" with Jordan is under way, and its room open.
const afternoon = clinicAtHour(15);

afternoon("a session's room: the patient joins from their dashboard, the doctor sees them waiting on theirs and admits them", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const jordan = await signedInPage(browser, baseURL!, { username: "jordan", password: DEMO.patient.password });
  await jordan.goto("/dashboard/patient");
  const open = jordan.getByRole("region", { name: "Your session is open" });
  await expect(open).toContainText("Your session with Dr. Eleanor Vance is open");
  await lookAt(jordan, "patient-dashboard-open-room");
  await open.getByRole("button", { name: /^Join/ }).click();
  await join(jordan);
  await expect(jordan.getByText("Your therapist will admit you shortly")).toBeVisible();

  const doctor = await signedInPage(browser, baseURL!, DEMO.doctor);
  await doctor.goto("/dashboard/doctor");
  const waiting = doctor.getByRole("region", { name: "Waiting for you" });
  await expect(waiting).toContainText("Jordan Ellis is waiting in your video room");
  await lookAt(doctor, "doctor-dashboard-waiting");
  await waiting.getByRole("link", { name: "Open the room to admit Jordan Ellis" }).click();
  await join(doctor);
  await doctor.getByRole("button", { name: "Admit" }).click();
  await expectPlaying(jordan.getByLabel("Video of Eleanor"));
  await expectPlaying(doctor.getByLabel("Video of Jordan"));

  // Admitted: the dashboard no longer lists Jordan as waiting.
  const dashboard = await signedInPage(browser, baseURL!, DEMO.doctor);
  await dashboard.goto("/dashboard/doctor");
  await expect(dashboard.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(dashboard.getByRole("region", { name: "Waiting for you" })).toHaveCount(0);
});
