import { expect, type Locator, type Page } from "@playwright/test";

import { newPatient, type Registration } from "./support";

/**
 * A fresh patient, registered through the REST door and signed in (the page shares the cookie),
 * with their intake and both consents done (booking never waits for them, but a video visit waits
 * for the telehealth consent); `{ intake: false }` leaves them to do.
 */
export async function registerPatient(page: Page, { intake = true }: { intake?: boolean } = {}): Promise<Registration> {
  const patient = newPatient();
  const response = await page.request.post("/api/register", { data: { ...patient, role: "patient" } });
  expect(response.status(), await response.text()).toBe(200);
  if (intake) await completeIntake(page, `${patient.firstName} ${patient.lastName}`);
  return patient;
}

/** The signed-in patient's intake form and current consents, done through the API. */
export async function completeIntake(page: Page, fullName: string): Promise<void> {
  const saved = await page.request.put("/api/intake", {
    data: { reason: "Sleep and stress.", medications: "None", emergencyContactName: "Robin Quinn", emergencyContactPhone: "(555) 010-2030" },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const { kind, version } of (await (await page.request.get("/api/consents")).json()) as { kind: string; version: number }[]) {
    const signed = await page.request.post(`/api/consents/${kind}/sign`, { data: { version, typedName: fullName } });
    expect(signed.status(), await signed.text()).toBe(200);
  }
}

/**
 * In a slot picker, moves the day strip `weeksAhead` weeks on (far outside the cancellation
 * window), then takes the first day with a free time and its first time. Returns the time's label.
 */
export async function pickFirstFreeTime(scope: Locator, { weeksAhead = 1 }: { weeksAhead?: number } = {}): Promise<string> {
  for (let week = 0; week < weeksAhead; week += 1) await scope.getByRole("button", { name: "Later days" }).click();
  const days = scope.getByRole("group", { name: "Day", exact: true }).getByRole("button");
  for (let index = 0; index < 7; index += 1) {
    await days.nth(index).click();
    await expect(days.nth(index)).toHaveAttribute("aria-pressed", "true");
    const times = scope.getByRole("group", { name: /^Free times on/ }).getByRole("button");
    await expect(times.first().or(scope.getByText("No free times on this day."))).toBeVisible();
    if ((await times.count()) > 0) {
      const label = (await times.first().textContent()) ?? "";
      await times.first().click();
      await expect(times.first()).toHaveAttribute("aria-pressed", "true");
      return label;
    }
  }
  throw new Error("no free time in the seven days shown");
}

/**
 * Opens `path` and counts the requests the page makes to the API (/trpc) until it has settled:
 * each is one round-trip, however many procedures it batches.
 */
export async function trpcRequestsOnLoad(page: Page, path: string): Promise<string[]> {
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/trpc/")) requests.push(decodeURIComponent(url.pathname.slice("/trpc/".length)));
  });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  return requests;
}
