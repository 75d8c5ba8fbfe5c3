// Signed session notes (issue 19), on a clinic of its own: the doctor's dashboard lists the demo's
// latest session of Alex, whose note is still a draft a week on; the doctor finishes the SOAP
// sections (signing names the first one missing), keeps a private note, signs and locks it; the
// record then shows who signed and when, the server refuses any change, and a dated addendum is
// the way to add to it. The private note appears nowhere in the record. Alex then downloads their
// record as a PDF from the dashboard.
import { readFile } from "node:fs/promises";

import { expect } from "@playwright/test";

import { ownClinic } from "./clinic-server";
import { beyondTheScreen, DEMO, expectToast, seriousViolations, signInQuietly } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

const PRIVATE = "Countertransference: I felt protective of Alex today.";

test("a doctor finishes, signs and adds an addendum to a note; the signed note is locked; the patient takes their record home", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInQuietly(page, DEMO.doctor);
  await page.goto("/dashboard/doctor");
  const toSign = page.getByRole("region", { name: "Notes to sign" });
  await expect(toSign.getByTestId("note-to-sign")).toHaveCount(1);
  await expect(toSign).toContainText("Alex Morgan");
  await expect(toSign).toContainText("Written, not signed");
  expect(await seriousViolations(page)).toEqual([]);

  await toSign.getByRole("button", { name: "Finish and sign the note of Alex Morgan's session" }).click();
  const editor = page.getByRole("dialog", { name: "Session with Alex Morgan" });
  await expect(editor.getByLabel("Session notes")).toHaveValue(/Consistent routine for three weeks/);
  await expect(editor.getByLabel("Subjective")).toHaveValue(/steady routine/);
  await expect(editor.getByLabel("8 out of 10")).toBeChecked();

  // Signing needs all four sections: every one missing is named, the first focused; writing in
  // one takes back its own mark only.
  await editor.getByRole("button", { name: "Sign note" }).click();
  await expect(editor.getByLabel("Assessment")).toHaveAccessibleDescription("Write the Assessment section before signing.");
  await expect(editor.getByLabel("Plan")).toHaveAccessibleDescription("Write the Plan section before signing.");
  await expect(editor.getByLabel("Assessment")).toBeFocused();
  await editor.getByLabel("Assessment").fill("Gains consolidated; early relapse signs understood.");
  await expect(editor.getByLabel("Assessment")).not.toHaveAttribute("aria-invalid");
  await expect(editor.getByLabel("Plan")).toHaveAttribute("aria-invalid", "true");
  await editor.getByLabel("Plan").fill("Fortnightly sessions; a written plan for the busy season.");
  await editor.getByLabel("Private psychotherapy note").fill(PRIVATE);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/note-editor-${width}.png` });
  }

  // What the doctor wrote is not lost to Escape or a stray click beside the dialog: only its buttons close it.
  await page.keyboard.press("Escape");
  await page.mouse.click(4, 450);
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel("Private psychotherapy note")).toHaveValue(PRIVATE);

  await editor.getByRole("button", { name: "Sign note" }).click();
  const confirm = editor.getByRole("group", { name: "Sign and lock this note?" });
  // It replaces the button: it takes the focus and comes whole into view, below the long note.
  await expect(confirm).toBeFocused();
  await expect(confirm.getByRole("button", { name: "Sign and lock" })).toBeInViewport({ ratio: 1 });

  // A signature that fails: the draft is saved and says so, the confirmation closes, the editor
  // stays open, and signing again signs that same draft rather than writing the note twice.
  const alexId = ((await (await page.request.get("/api/patients")).json()) as { id: number; firstName: string }[]).find((p) => p.firstName === "Alex")!.id;
  const notesOfAlex = async () => ((await (await page.request.get(`/api/treatment-sessions/${alexId}`)).json()) as unknown[]).length;
  const notesBefore = await notesOfAlex();
  const signing = "**/trpc/treatmentSessions.sign**";
  await page.route(signing, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify([{ error: { message: "The clinic is busy.", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503 } } }]),
    }),
  );
  await confirm.getByRole("button", { name: "Sign and lock" }).click();
  await expectToast(page, "Error", "The draft is saved, but it was not signed.");
  await expect(confirm).toBeHidden();
  await expect(editor.getByRole("button", { name: "Sign note" })).toBeEnabled();
  await page.unroute(signing);
  await editor.getByRole("button", { name: "Sign note" }).click();
  await confirm.getByRole("button", { name: "Sign and lock" }).click();
  await expectToast(page, "Note signed", "Alex Morgan's note is signed and locked.");
  await expect(editor).toBeHidden();
  await expect(toSign).toHaveCount(0);
  expect(await notesOfAlex()).toBe(notesBefore);

  // The record: signed by Dr. Vance, the new sections there, the private note nowhere.
  const patients = (await (await page.request.get("/api/patients")).json()) as { id: number; firstName: string }[];
  const alex = patients.find((patient) => patient.firstName === "Alex")!;
  await page.goto(`/patients/${alex.id}`);
  const notes = page.getByRole("region", { name: "Session notes" }).getByRole("listitem").filter({ hasText: "Consistent routine" });
  await expect(notes).toContainText("Signed by Dr. Eleanor Vance on");
  await expect(notes).toContainText("Gains consolidated; early relapse signs understood.");
  await expect(page.getByText(PRIVATE)).toHaveCount(0);

  // Locked: the server refuses a change to what was signed.
  const sessions = (await (await page.request.get(`/api/treatment-sessions/${alex.id}`)).json()) as {
    id: number;
    signedAt: string | null;
    contentHash: string;
  }[];
  const signed = sessions[0]!;
  expect(signed.contentHash).toMatch(/^[0-9a-f]{64}$/);
  const change = await page.request.patch(`/api/treatment-sessions/${signed.id}`, { data: { plan: "Quietly different." } });
  expect(change.status()).toBe(409);
  await expect(notes).toContainText(signed.contentHash.slice(0, 12));

  // An addendum is the way to add to it: dated, under the doctor's name.
  await notes.getByRole("button", { name: "Add addendum" }).click();
  const addendum = page.getByRole("dialog", { name: "Add an addendum" });
  await addendum.getByRole("button", { name: "Add addendum" }).click();
  await expect(addendum.getByText("Write the addendum.")).toBeVisible();
  await addendum.getByLabel("Addendum").fill("Alex phoned: the busy-season plan is written and on the fridge.");
  await addendum.getByRole("button", { name: "Add addendum" }).click();
  await expectToast(page, "Addendum added");
  const addenda = notes.getByRole("list", { name: "Addenda" }).getByRole("listitem");
  await expect(addenda).toHaveCount(1);
  await expect(addenda).toContainText("Dr. Eleanor Vance");
  await expect(addenda).toContainText("the busy-season plan is written");

  // The private note is no part of what was signed: its author opens it beside the note, reads
  // it and changes it; it still shows nowhere on the page.
  await notes.getByRole("button", { name: "Your private note" }).click();
  const privately = page.getByRole("dialog", { name: "Your private note" });
  await expect(privately.getByLabel("Private psychotherapy note")).toHaveValue(PRIVATE);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/private-note-${width}.png` });
  }
  await privately.getByLabel("Private psychotherapy note").fill(`${PRIVATE} Revisit after the holidays.`);
  await privately.getByRole("button", { name: "Save private note" }).click();
  await expectToast(page, "Private note saved");
  await expect(privately).toBeHidden();
  const kept = (await (await page.request.get(`/api/treatment-sessions/${signed.id}/private-note`)).json()) as { body: string };
  expect(kept.body).toBe(`${PRIVATE} Revisit after the holidays.`);
  // Opened again on the same page, it shows what was just saved, not the copy read before.
  await notes.getByRole("button", { name: "Your private note" }).click();
  await expect(privately.getByLabel("Private psychotherapy note")).toHaveValue(`${PRIVATE} Revisit after the holidays.`);
  await privately.getByRole("button", { name: "Not now" }).click();
  await expect(privately).toBeHidden();
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await notes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/signed-note-${width}.png`, fullPage: true });
    expect(await beyondTheScreen(page), `signed note at ${width} px`).toEqual([]);
  }

  // Alex downloads their record from the dashboard: a PDF, named for them.
  const alexContext = await browser.newContext({ baseURL });
  const alexPage = await alexContext.newPage();
  await signInQuietly(alexPage, DEMO.patient);
  await alexPage.goto("/dashboard/patient");
  const [download] = await Promise.all([alexPage.waitForEvent("download"), alexPage.getByRole("link", { name: "Your record (PDF)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^record-morgan-alex-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(2_000);
  await alexContext.close();
});
