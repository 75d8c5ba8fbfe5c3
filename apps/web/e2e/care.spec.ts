import { expect, test } from "@playwright/test";

import { accountIdOf, createAccountAsAdmin, uniqueSuffix } from "./admin-support";
import { chooseOption, DEMO, expectToast, postSignIn, seriousViolations, signInQuietly } from "./support";
import { screenshots } from "./two-step-support";

// Issue 13: care relationships are the admin's to assign and end; a doctor without care opens a
// record only in an emergency, saying why; admins review every such opening on their dashboard.

test.use({ contextOptions: { reducedMotion: "reduce" } });

const okafor = { username: "dr.okafor", password: DEMO.doctor.password };
const moreau = { username: "dr.moreau", password: DEMO.doctor.password };

test("an admin assigns a doctor to a patient and ends the care; the doctor's access follows at once", async ({ page, request }) => {
  test.setTimeout(120_000);
  const patient = await createAccountAsAdmin(request, "patient");
  const name = `${patient.firstName} ${patient.lastName}`;

  await signInQuietly(page, DEMO.admin);
  await page.goto(`/admin/users?q=${patient.username}`);
  await page.getByRole("button", { name: `Care team of ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `${name}’s care team` });
  await expect(dialog.getByText("In no one's care yet")).toBeVisible();
  await chooseOption(page, dialog.getByRole("combobox", { name: "Assign a doctor" }), /Dr\. Julian Okafor/);
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expectToast(page, "Doctor assigned", "Dr. Julian Okafor may now read");
  const member = dialog.getByTestId("care-team-member").filter({ hasText: "Dr. Julian Okafor" });
  await expect(member).toContainText("assigned by an admin");
  // The doctor already cared for is no longer offered.
  await dialog.getByRole("combobox", { name: "Assign a doctor" }).click();
  await expect(page.getByRole("option", { name: /Dr\. Julian Okafor/ })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Axe looks once the list of choices has closed (while it closes, its unnamed listbox is still there).
  await expect(page.getByRole("listbox")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The doctor now finds the patient among theirs and opens the record.
  await signInQuietly(page, okafor);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The admin ends it, after saying so plainly.
  await signInQuietly(page, DEMO.admin);
  await page.goto(`/admin/users?q=${patient.username}`);
  await page.getByRole("button", { name: `Care team of ${name}` }).click();
  await dialog.getByRole("button", { name: "End care of Dr. Julian Okafor" }).click();
  const confirm = dialog.getByRole("group", { name: "End Dr. Julian Okafor's care?" });
  await expect(confirm).toContainText("Their access to the record ends now");
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "End care" }).click();
  await expectToast(page, "Care ended", "no longer has access");
  await expect(dialog.getByTestId("care-team-member")).toHaveCount(0);

  await signInQuietly(page, okafor);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This patient is not in your care" })).toBeVisible();
});

test("a doctor opens a record in an emergency, saying why; the admin reviews it on the dashboard", async ({ page, request }) => {
  test.setTimeout(120_000);
  const alexId = await accountIdOf(request, DEMO.patient.username);
  const reason = `On call tonight: Alex is at the crisis line and Dr. Vance cannot be reached (${uniqueSuffix()}).`;

  await signInQuietly(page, moreau);
  await page.goto(`/patients/${alexId}`);
  await expect(page.getByRole("heading", { level: 1, name: "This patient is not in your care" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Why you need this record now").fill("Urgent");
  await page.getByRole("button", { name: "Open in an emergency" }).click();
  await expect(page.getByText("Write why you need this record now, in at least 20 characters")).toBeVisible();
  await page.getByLabel("Why you need this record now").fill(reason);
  await page.getByRole("button", { name: "Open in an emergency" }).click();
  await expectToast(page, "Emergency access granted", "Alex Morgan's session notes are open to you until");

  await expect(page.getByRole("heading", { level: 1, name: "Alex Morgan" })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Emergency access until" })).toContainText("an admin will review your reason");
  await expect(page.getByRole("region", { name: "Session notes" }).getByRole("article")).toHaveCount(6);
  // It opens the notes, nothing more: no booking for someone not in one's care.
  await expect(page.getByRole("button", { name: /Schedule Appointment/ })).toHaveCount(0);
  // Nor the questionnaires or the intake, which the server refuses: no card says it failed to read them.
  await expect(page.getByRole("region", { name: "Questionnaires" })).toHaveCount(0);
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin");
  const review = page.getByTestId("emergency-review").filter({ hasText: reason });
  await expect(page.getByRole("heading", { name: "Emergency access to review" })).toBeVisible();
  await expect(review).toContainText("Dr. Camille Moreau opened Alex Morgan’s record");
  expect(await seriousViolations(page)).toEqual([]);
  await review.getByRole("button", { name: "Mark reviewed: Dr. Camille Moreau, Alex Morgan" }).click();
  await expectToast(page, "Marked reviewed");
  await expect(review).toHaveCount(0);
});

test("after an admin ended a doctor's care, their emergency access waits for an admin's approval, then opens for an hour", async ({ page, request }) => {
  test.setTimeout(120_000);
  const okaforId = await accountIdOf(request, okafor.username);
  const patient = await createAccountAsAdmin(request, "patient");
  const name = `${patient.firstName} ${patient.lastName}`;
  // The admin assigns the doctor, then ends the care.
  expect((await postSignIn(request, DEMO.admin)).status()).toBe(200);
  expect((await request.post(`/api/admin/patients/${patient.id}/care`, { data: { doctorId: okaforId } })).status()).toBe(200);
  expect((await request.delete(`/api/admin/patients/${patient.id}/care/${okaforId}`)).status()).toBe(200);

  await signInQuietly(page, okafor);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This patient is not in your care" })).toBeVisible();
  const reason = `Crisis line: ${name} asked for me by name tonight (${uniqueSuffix()}).`;
  await page.getByLabel("Why you need this record now").fill(reason);
  await page.getByRole("button", { name: "Open in an emergency" }).click();
  await expectToast(page, "Waiting for an admin's approval", `${name}'s record opens to you once an admin approves`);
  await expect(page.getByRole("heading", { level: 1, name: "Waiting for an admin’s approval" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "An admin ended your care of this patient" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "emergency-awaiting-approval");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Waiting for an admin’s approval" })).toBeVisible();

  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin");
  const review = page.getByTestId("emergency-review").filter({ hasText: reason });
  await expect(review).toContainText(`Dr. Julian Okafor asks to open ${name}’s record`);
  await expect(review).toContainText("waiting for your approval");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "emergency-approval-review");
  await review.getByRole("button", { name: `Approve: Dr. Julian Okafor, ${name}` }).click();
  const approve = page.getByRole("dialog", { name: `Open ${name}'s record to Dr. Julian Okafor?` });
  await expect(approve).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await approve.getByLabel("Your password").fill(DEMO.admin.password);
  await approve.getByRole("button", { name: "Approve for one hour" }).click();
  await expectToast(page, "Emergency access approved", `${name}'s session notes are open to Dr. Julian Okafor for one hour`);
  await expect(review).toHaveCount(0);

  await signInQuietly(page, okafor);
  await page.goto(`/patients/${patient.id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Emergency access until" })).toBeVisible();
});
