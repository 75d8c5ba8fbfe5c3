// Attachments (issue 18): a file goes sealed with a key of its own, carried inside the message; the
// server holds ciphertext only, and only the two people of the message can fetch it. The receiver
// sees an image inline and downloads any file; a refused kind or size is said before anything goes.
import { expect, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";

import { ownClinic } from "./clinic-server";
import { chatLog, composer, memberBrowser, openMessages } from "./messaging-support";
import { beyondTheScreen, DEMO, seriousViolations } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** A 1×1 PNG. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const fileInput = (page: Page) => page.getByRole("form", { name: /^Write to/ }).locator('input[type="file"]');

test("a patient and a doctor exchange files live: sealed in the browser, an image inline, a download that opens", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const patient = await memberBrowser(browser, DEMO.patient, { baseURL, throughTheForm: true });
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL, throughTheForm: true });
  await openMessages(patient.page, doctor.id);
  await openMessages(doctor.page, patient.id);

  // A refused kind and a file over 10 MB are named before anything is sealed or sent.
  await fileInput(patient.page).setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
  await expect(patient.page.getByRole("alert")).toHaveText(
    "“setup.exe” cannot be attached: send a PDF, a PNG or JPEG image, a plain text file or a Word document.",
  );
  await fileInput(patient.page).setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) });
  await expect(patient.page.getByRole("alert")).toHaveText("“scan.pdf” is larger than 10 MB, the most a file can be.");

  // An image with a few words: the doctor sees both, live, the image inline.
  await fileInput(patient.page).setInputFiles({ name: "breathing-chart.png", mimeType: "image/png", buffer: PIXEL });
  await expect(patient.page.getByTestId("chosen-file")).toContainText("breathing-chart.png");
  await expect(patient.page.getByRole("alert")).toHaveCount(0);
  await composer(patient.page).fill("The chart from this week.");
  await composer(patient.page).press("Enter");
  await expect(patient.page.getByTestId("chosen-file")).toHaveCount(0);
  const received = chatLog(doctor.page).getByTestId("message").filter({ hasText: "The chart from this week." });
  await expect(received.getByRole("img", { name: "breathing-chart.png" })).toBeVisible();
  await expect.poll(() => received.getByRole("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);

  // A text file without words, from the doctor: the patient downloads exactly what was sent.
  const plan = "Plan for the week\n- a ten-minute walk after lunch\n- the wind-down routine from 21:30\n".repeat(20);
  await fileInput(doctor.page).setInputFiles({ name: "weekly-plan.txt", mimeType: "text/plain", buffer: Buffer.from(plan) });
  await doctor.page.getByRole("button", { name: "Send message" }).click();
  const file = chatLog(patient.page).getByTestId("attachment").filter({ hasText: "weekly-plan.txt" });
  await expect(file).toContainText("KB");
  const downloading = patient.page.waitForEvent("download");
  await file.getByRole("button", { name: "Download weekly-plan.txt" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("weekly-plan.txt");
  expect(await readFile((await download.path())!, "utf8")).toBe(plan);

  // What the server holds is ciphertext, handed to the two of them only.
  const thread: { content: string }[] = await (await patient.page.request.get(`/api/messages/${doctor.id}`)).json();
  const stored = thread.map((message) => message.content).join("\n");
  expect(stored).not.toContain("weekly-plan");
  expect(stored).not.toContain("breathing-chart");

  expect(await seriousViolations(patient.page)).toEqual([]);
  expect(await seriousViolations(doctor.page)).toEqual([]);
  for (const width of [375, 1440]) {
    await doctor.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await doctor.page.reload();
    await expect(received.getByRole("img", { name: "breathing-chart.png" })).toBeVisible();
    expect(await beyondTheScreen(doctor.page), `attachments at ${width} px`).toEqual([]);
    await doctor.page.screenshot({ path: `test-results/screenshots/attachments-${width}.png` });
  }
});
