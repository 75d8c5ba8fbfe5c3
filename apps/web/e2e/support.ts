import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from "@playwright/test";

/** The demo clinic the test server seeds (docs/product.md). */
export const DEMO = {
  admin: { username: "admin", password: "halcyon-office-demo", firstName: "Avery" },
  doctor: { username: "dr.vance", password: "halcyon-doctor-demo", firstName: "Eleanor", lastName: "Vance" },
  patient: { username: "alex", password: "halcyon-patient-demo", firstName: "Alex" },
} as const;

type Credentials = { username: string; password: string };

/** The splash is gone from the page (2 s visible + 1 s fade), so nothing covers the content. */
export async function waitForSplashToClear(page: Page): Promise<void> {
  // The page's heading renders together with the splash: once it is there, so is any splash.
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
  await expect(page.getByTestId("splash")).toHaveCount(0);
}

export async function openLandingPage(page: Page): Promise<void> {
  await page.goto("/");
  await waitForSplashToClear(page);
}

/** How many times a sign-in refused for the address's sign-ins at once (429) is tried again. */
const SIGN_IN_TRIES = 20;

/**
 * POST /api/login as a polite client does it. The server takes only a few sign-ins from one
 * address at once, every test signs in from 127.0.0.1, and on a busy machine each password takes
 * long to check: a 429 is tried again once its Retry-After has passed.
 */
export async function postSignIn(request: APIRequestContext, { username, password }: Credentials): Promise<APIResponse> {
  for (let tried = 1; ; tried += 1) {
    const response = await request.post("/api/login", { data: { username, password } });
    if (response.status() !== 429 || tried === SIGN_IN_TRIES) return response;
    await new Promise((retryAfter) => setTimeout(retryAfter, Number(response.headers()["retry-after"] ?? 1) * 1000));
  }
}

/** Signs in through the REST door, sharing the session cookie with the page: fast set-up for tests about other things. */
export async function signInQuietly(page: Page, credentials: Credentials): Promise<void> {
  const response = await postSignIn(page.request, credentials);
  expect(response.status(), await response.text()).toBe(200);
}

export async function fillLogInForm(page: Page, { username, password }: Credentials): Promise<void> {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

export type Registration = Credentials & {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
  email?: string;
};

/** A patient no other test uses; the password is long and does not contain the username. */
export function newPatient(): Registration {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    username: `guest.${suffix}`,
    password: "lanterns over a quiet harbour",
    firstName: "Noor",
    lastName: "Castellane",
    phoneNumber: "(555) 123-4567",
    dateOfBirth: "1990-05-14",
    email: `noor.${suffix}@example.com`,
  };
}

export async function fillRegistrationForm(page: Page, patient: Registration): Promise<void> {
  await page.getByLabel("First name").fill(patient.firstName);
  await page.getByLabel("Last name").fill(patient.lastName);
  if (patient.email) await page.getByLabel("Email").fill(patient.email);
  await page.getByLabel("Phone number").fill(patient.phoneNumber);
  await page.getByLabel("Date of birth").fill(patient.dateOfBirth);
  await fillLogInForm(page, patient);
}

/**
 * Picks an option of a select (Radix Select). On a loaded machine a click can land while the list
 * is still opening and be lost: the list stays open and the value is unchanged. The pick is tried
 * again until the select shows the chosen option.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp, { exact = false } = {}): Promise<void> {
  await expect(async () => {
    if (!(await page.getByRole("listbox").isVisible())) await select.click();
    await page.getByRole("option", { name: option, exact }).click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The notification on screen (the app shows one at a time). */
export function toast(page: Page): Locator {
  return page.locator('[data-slot="toast"]');
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText(title);
  if (description) await expect(toast(page)).toContainText(description);
}

export function mainNavigation(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main", exact: true });
}

/** The alpha channel of a computed CSS colour, whatever notation the browser serialises it in. */
export function alphaOf(color: string): number {
  const slash = color.match(/\/\s*([\d.]+)\s*\)$/);
  if (slash?.[1]) return Number(slash[1]);
  const rgba = color.match(/^rgba\([^)]*,\s*([\d.]+)\s*\)$/);
  if (rgba?.[1]) return Number(rgba[1]);
  return 1;
}

/** A toast the page showed. */
export type SeenToast = { text: string };

/**
 * Records every toast the page shows, from inside the page: a toast raised just before a full-page
 * navigation is gone before a locator could look at it.
 */
export async function recordToasts(page: Page): Promise<SeenToast[]> {
  const seen: SeenToast[] = [];
  await page.exposeBinding("__recordToast", (_source, text: string) => seen.push({ text }));
  await page.addInitScript(() => {
    const record = (window as unknown as { __recordToast: (text: string) => void }).__recordToast;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-slot="toast"]:not([data-recorded])')) {
        element.dataset.recorded = "";
        record(element.textContent ?? "");
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

/** How the system log tells a change another site sent on someone's behalf. */
export const REFUSED_CROSS_SITE = "Someone was refused a change sent from another site";

/**
 * A state change sent as a page of another site would send it: refused, and audited (the first
 * of a minute from one address at once, later ones counted into one row).
 */
export async function refuseACrossSiteChange(page: Page): Promise<void> {
  const response = await page.request.post("/api/logout", { headers: { origin: "https://elsewhere.example" }, failOnStatusCode: false });
  expect(response.status()).toBe(403);
}

/**
 * What reaches past the sides of the screen, outside anything that scrolls sideways on purpose.
 * The page's frame clips what overflows (for its background wash), so a card wider than a phone
 * is cut off rather than scrolled to: the page's own width cannot tell. Decorations (aria-hidden)
 * do not count, and what is still sliding in is measured once it has arrived. Each entry names
 * the element and its text, for the failure's message.
 */
export async function beyondTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // A pane that slides in is off the screen until its transition ends.
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const width = window.innerWidth;
    const scrollsSideways = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === "auto" || overflow === "scroll") return true;
      }
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || element.closest('[aria-hidden="true"]')) return false;
        return (box.right > width + 1 || box.left < -1) && !scrollsSideways(element);
      })
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}"`);
  });
}

/** What axe finds on the page that is serious or critical: the bar every screen must clear (none). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(" ")) }));
}

/**
 * Pictures of the page at a phone's and a desktop's width (test-results/screenshots/<name>-<width>.png),
 * for a person to look at; nothing may reach past the sides of either. A dialog is pictured as
 * the screen shows it (`fullPage: false`): a whole page's picture leaves its backdrop, fixed to
 * the screen, covering only the top of the page.
 */
export async function screenshotsAt(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage });
    expect(await beyondTheScreen(page), `${name} at ${width} px`).toEqual([]);
  }
}
