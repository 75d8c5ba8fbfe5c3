import { createHmac, hkdfSync, randomBytes } from "node:crypto";

import { expect, test as base, type Page } from "@playwright/test";

import { startClinicServer, type ClinicServer } from "./clinic-server";
import { DEMO, seriousViolations, signInQuietly } from "./support";
import { screenshots } from "./two-step-support";

// A clinic of its own: with a text-message provider configured (so texts are offered; nothing is
// sent, no worker runs against Twilio here) and a secrets key this test knows, so it can sign an
// email's unsubscribe link as the outbox's worker does.
const SECRETS_KEY = randomBytes(32);
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "an-e2e-auth-token-xyz", TWILIO_FROM: "+15550001111" };

const test = base.extend<object, { clinic: ClinicServer }>({
  clinic: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const clinic = await startClinicServer({ env: { SECRETS_KEY: SECRETS_KEY.toString("hex"), ...TWILIO } });
      await use(clinic);
      await clinic.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ clinic }, use) => use(clinic.baseURL),
});

// No fades: axe measures contrast on the page as it settles, never part-way through its entrance.
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** As packages/domain/src/notices/signed-links.ts signs: claims in base64url, an HMAC-SHA256 under the key derived for notice links. */
function unsubscribeLink(userId: number, topic: string): string {
  const key = Buffer.from(hkdfSync("sha256", SECRETS_KEY, Buffer.alloc(0), "halcyon/notice-links", 32));
  const claims = {
    purpose: "unsubscribe",
    userId,
    subject: topic,
    expiresAt: "2099-01-01T00:00:00.000Z",
    singleUse: false,
    id: randomBytes(16).toString("base64url"),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
}

async function myId(page: Page): Promise<number> {
  const me = await page.request.get("/api/user");
  return ((await me.json()) as { id: number }).id;
}

test("a patient switches a kind of email off, lets notices name who wrote, and opts in to texts; security stays on", async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.patient);
  await page.goto("/account");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices.getByText("Password and security")).toBeVisible();
  await expect(notices.getByLabel("Password and security: always on")).toBeVisible();
  // No switch for it: it cannot be turned off here (nor on the server).
  await expect(notices.getByRole("switch", { name: "Password and security" })).toHaveCount(0);

  const reminders = notices.getByRole("switch", { name: "Reminders", exact: true });
  await expect(reminders).toHaveAttribute("aria-checked", "true");
  await reminders.click();
  await expect(reminders).toHaveAttribute("aria-checked", "false");
  const names = notices.getByRole("switch", { name: "Say who wrote" });
  await names.click();
  await expect(names).toHaveAttribute("aria-checked", "true");
  const texts = notices.getByRole("switch", { name: "Reminders by text" });
  await texts.click();
  await expect(texts).toHaveAttribute("aria-checked", "true");
  await expect(notices.getByText(/^On since .+, to \+1\d{10}\.$/)).toBeVisible();

  // Kept by the server.
  await page.reload();
  await expect(reminders).toHaveAttribute("aria-checked", "false");
  await expect(names).toHaveAttribute("aria-checked", "true");
  await expect(texts).toHaveAttribute("aria-checked", "true");
  expect(await seriousViolations(page)).toEqual([]);
  await notices.scrollIntoViewIfNeeded();
  await screenshots(page, "account-notices");
  // Back as it was, for the other test's patient.
  await reminders.click();
  await expect(reminders).toHaveAttribute("aria-checked", "true");
});

test("a doctor chooses the time of the daily signature digest", async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.doctor);
  await page.goto("/account");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices.getByRole("switch", { name: "Patient alerts" })).toHaveAttribute("aria-checked", "true");
  const time = notices.getByLabel("Daily signature digest at");
  await expect(time).toHaveValue("17:00");
  await time.fill("18:30");
  await notices.getByRole("button", { name: "Save time" }).click();
  await expect(page.getByText("Your notice settings are saved.").first()).toBeVisible();
  await page.reload();
  await expect(notices.getByLabel("Daily signature digest at")).toHaveValue("18:30");
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "account-notices-doctor");
});

test("an email's unsubscribe link, opened in a browser, asks, then turns off that kind of email only; a forged one is refused", async ({ page }) => {
  test.setTimeout(120_000);
  await signInQuietly(page, DEMO.patient);
  const token = unsubscribeLink(await myId(page), "care_tasks");
  // The List-Unsubscribe URL, opened: the API sends the browser to the web app's page.
  await page.goto(`/api/notices/unsubscribe?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/notices\/unsubscribe\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Stop emails about forms to complete?" })).toBeVisible();
  await expect(page.getByText("You will no longer get forms to complete by email.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "notices-unsubscribe");

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "notices-unsubscribed");

  await page.goto("/account");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices.getByRole("switch", { name: "Forms to complete" })).toHaveAttribute("aria-checked", "false");
  await expect(notices.getByRole("switch", { name: "New messages" })).toHaveAttribute("aria-checked", "true");

  const [payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
  const forged = `${Buffer.from(JSON.stringify({ ...claims, subject: "messages" })).toString("base64url")}.${signature}`;
  await page.goto(`/notices/unsubscribe?token=${encodeURIComponent(forged)}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, "notices-unsubscribe-refused");
});
