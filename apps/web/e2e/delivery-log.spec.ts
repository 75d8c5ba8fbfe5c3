import { expect } from "@playwright/test";

import { mailingClinic } from "./clinic-server";
import { DEMO, seriousViolations, signInQuietly } from "./support";

// A clinic of its own that mails through a real SMTP server started here, so the Delivery log
// shows what a mail server answered.
const test = mailingClinic();

test("an admin sends a test email, sees the mail server's answer in the Delivery log, and sends it again", async ({ page, mail }) => {
  // Two sends through a real SMTP server, beside the demo clinic's own reminders, on a busy machine.
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.admin);
  await page.goto("/admin/users");
  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Delivery log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The delivery log" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Send a test email" }).click();
  await expect(page.getByText("A test email is on its way").first()).toBeVisible();
  // The demo clinic's own sweeps may mail too, so the test email is followed by its id and Message-ID.
  const id = await page.getByTestId("notice-row").filter({ hasText: "A test email from Halcyon" }).first().getAttribute("data-notice-id");
  const row = page.locator(`[data-testid="notice-row"][data-notice-id="${id}"]`);
  const copies = () => mail.messages.filter((message) => message.messageId?.startsWith(`<notice-${id}@`)).length;
  // Sent, with the server's own words.
  await expect(row).toHaveAttribute("data-status", "sent", { timeout: 30_000 });
  await expect(row).toContainText("A test email from Halcyon");
  await expect(row).toContainText("Avery Sinclair");
  await expect(row).toContainText("admin@halcyon.example");
  await expect(row).toContainText(/250 .*Ok: queued as catcher-\d+/);
  expect(copies()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole("button", { name: /Send again/ }).click();
  await expect(page.getByText("It will be sent again").first()).toBeVisible();
  await expect.poll(copies, { timeout: 30_000 }).toBe(2);
  await expect(row).toHaveAttribute("data-status", "sent");
  await expect(row).toContainText(/250 .*Ok: queued as catcher-\d+/);

  // Filtered to what was not sent: nothing, said so.
  await page.getByLabel("Status").click();
  await page.getByRole("option", { name: "Not sent" }).click();
  await expect(page.getByText("No notices match")).toBeVisible();
  await page.getByRole("button", { name: "Show every notice" }).click();
  await expect(row).toBeVisible();
});

test("the Delivery log is the admins' alone", async ({ page }) => {
  await signInQuietly(page, DEMO.doctor);
  await page.goto("/admin/delivery-log");
  await expect(page.getByRole("heading", { level: 1, name: "The delivery log" })).toHaveCount(0);
  const answer = await page.request.get("/api/admin/notices");
  expect(answer.status()).toBe(403);
});
