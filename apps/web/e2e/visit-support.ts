// What the video-visit browser tests share: members in browsers of their own, an instant visit, a
// video that really plays, and joining from the device check.
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";

import { signInQuietly } from "./support";

export async function signedInPage(browser: Browser, baseURL: string, who: { username: string; password: string }): Promise<Page> {
  // Without the pages' rise-in animations, axe reads the colours as they settle.
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const page = await context.newPage();
  await signInQuietly(page, who);
  return page;
}

/** The doctor starts an instant visit with the patient, each a signed-in page or context: its id. */
export async function startInstantVisit(doctor: { request: APIRequestContext }, patient: { request: APIRequestContext }): Promise<number> {
  const patientId = (await (await patient.request.get("/api/user")).json()).id;
  const started = await doctor.request.post("/api/visits", { data: { patientId } });
  expect(started.status(), await started.text()).toBe(200);
  return (await started.json()).id;
}

/** The video shows a picture and its time moves on: the stream really plays. */
export async function expectPlaying(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  const start = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(start);
}

export async function join(page: Page): Promise<void> {
  await expectPlaying(page.getByLabel("Your camera preview"));
  await page.getByRole("button", { name: "Join visit" }).click();
}
