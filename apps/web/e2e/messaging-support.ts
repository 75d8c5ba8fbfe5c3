import {
  deriveSecrets,
  newKeyPair,
  newRecoveryCode,
  normalizeRecoveryCode,
  openWithKey,
  sealMessage,
  sealPrivateKey,
  sealWithKey,
  type KdfParams,
  type PublicKey,
} from "@halcyon/sealed";
import { expect, request, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { DEMO, expectToast, fillLogInForm, postSignIn } from "./support";

type Credentials = { username: string; password: string };
/** A sign-in; `oneTime`: the password is a one-time one, replaced by CHOSEN_PASSWORD at once. */
type Signing = Credentials & { oneTime?: boolean };

/** The password a member with a one-time password chooses in these tests. */
export const CHOSEN_PASSWORD = "a calm tide under morning light";

/**
 * Doctors of the demo clinic that only the messaging tests write as, so that counts of unread
 * messages are exactly what each test made them (the database is shared by a run): Okafor for
 * most of messages.spec, Moreau for its live test of counts, Lindqvist for realtime.spec.
 */
export const QUIET_DOCTORS = {
  okafor: { username: "dr.okafor", password: DEMO.doctor.password, firstName: "Julian", lastName: "Okafor" },
  lindqvist: { username: "dr.lindqvist", password: DEMO.doctor.password, firstName: "Maren", lastName: "Lindqvist" },
  moreau: { username: "dr.moreau", password: DEMO.doctor.password, firstName: "Camille", lastName: "Moreau" },
} as const;

export type Member = { context: BrowserContext; page: Page; id: number };

/** What this browser keeps of messaging keys: each key's member and id, and whether its private key could be read out. */
export function keptKeys(page: Page): Promise<{ userId: number; kid: string; extractable: boolean; type: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opening = indexedDB.open("halcyon-messaging", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("keys", { keyPath: "userId" });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const all = opening.result.transaction("keys").objectStore("keys").getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { userId: number; kid: string; privateKey: CryptoKey }[]).map((key) => ({
                userId: key.userId,
                kid: key.kid,
                extractable: key.privateKey.extractable,
                type: key.privateKey.type,
              })),
            );
        };
      }),
  );
}

/**
 * Signs in through the form, as a member does, and chooses their own password first when theirs
 * is a one-time one (as the app asks): with the password typed, their browser opens their
 * messaging key (or, the first time, makes it). Answers once this browser holds the key.
 */
export async function signInThroughTheForm(page: Page, credentials: Signing): Promise<number> {
  await page.goto("/auth");
  await fillLogInForm(page, credentials);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  if (credentials.oneTime) {
    await page.getByLabel("New password", { exact: true }).fill(CHOSEN_PASSWORD);
    await page.getByLabel("Confirm new password").fill(CHOSEN_PASSWORD);
    await page.getByRole("button", { name: "Save my password" }).click();
    await expectToast(page, "Your password is set");
  } else {
    await expectToast(page, "Welcome back!");
  }
  const { id } = (await (await page.request.get("/api/user")).json()) as { id: number };
  await expect
    .poll(async () => (await keptKeys(page)).some((key) => key.userId === id), { message: "the browser keeps the member's messaging key" })
    .toBe(true);
  return id;
}

/** Signs in through the API on `api`, and chooses the member's own password when theirs is a one-time one; answers the password. */
async function signInThroughApi(api: APIRequestContext, credentials: Signing): Promise<string> {
  const signedIn = await postSignIn(api, credentials);
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  if (!credentials.oneTime) return credentials.password;
  const changed = await api.post("/api/user/password", { data: { currentPassword: credentials.password, newPassword: CHOSEN_PASSWORD } });
  expect(changed.status(), await changed.text()).toBe(200);
  return CHOSEN_PASSWORD;
}

/** The parameters a member's password is derived with, as the sign-in page asks for them. */
export async function signInParamsOf(api: APIRequestContext, username: string): Promise<{ kdf: KdfParams; legacy: KdfParams | null }> {
  const response = await api.post("/api/login/params", { data: { username } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { kdf: KdfParams; legacy: KdfParams | null };
}

/** The seal key of `password`, derived as the member's browser derives it: never sent, it seals their private key. */
export async function sealKeyOf(api: APIRequestContext, username: string, password: string): Promise<Uint8Array> {
  return (await deriveSecrets(password, (await signInParamsOf(api, username)).kdf)).sealKey;
}

/** Whether a sealed private key opens with the seal key of `password`, as any JWE library would open it (A256KW). */
export async function opensWithPassword(api: APIRequestContext, username: string, sealed: string, password: string): Promise<boolean> {
  const sealKey = await sealKeyOf(api, username, password);
  return openWithKey(sealed, sealKey).then(
    () => true,
    () => false,
  );
}

/**
 * The member's messaging keys (signed in on `api`): the ones they have, or, when they have none
 * yet, a pair made here, sealed with the seal key of `password` and a recovery code and stored, as their
 * browser would at their first sign-in. Answers the key's id and its sealed private key.
 */
async function messagingKeys(api: APIRequestContext, username: string, password: string): Promise<{ kid: string; sealedPrivateKey: string }> {
  const mine = await api.get("/api/keys/me");
  if (mine.status() !== 404) {
    expect(mine.status(), await mine.text()).toBe(200);
    return (await mine.json()) as { kid: string; sealedPrivateKey: string };
  }
  const pair = await newKeyPair();
  const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
    sealWithKey(pair.privateKey, await sealKeyOf(api, username, password)),
    sealPrivateKey(pair.privateKey, normalizeRecoveryCode(newRecoveryCode())),
  ]);
  const saved = await api.put("/api/keys/me", { data: { publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey } });
  expect(saved.status(), await saved.text()).toBe(200);
  return { kid: pair.kid, sealedPrivateKey };
}

/**
 * Signs in through the API, as signInQuietly does (choosing the member's own password first when
 * theirs is a one-time one), and leaves the member's messaging key (made now if they have none)
 * opened with their password's seal key and kept in this browser, unextractable, where the app keeps it:
 * fast set-up for tests about messaging rather than about keys (those sign in through the form).
 * Leaves the page on a bare page of the clinic; answers the member's id.
 */
export async function signInQuietlyWithKey(page: Page, credentials: Signing): Promise<number> {
  const password = await signInThroughApi(page.request, credentials);
  const { id } = (await (await page.request.get("/api/user")).json()) as { id: number };
  const { kid, sealedPrivateKey } = await messagingKeys(page.request, credentials.username, password);
  const privateKey = await openWithKey(sealedPrivateKey, await sealKeyOf(page.request, credentials.username, password));
  // The clinic's origin, without loading the app: its IndexedDB is where the app looks.
  await page.goto("/healthz");
  await page.evaluate(
    async ({ userId, kid, privateKey }) => {
      const key = await crypto.subtle.importKey("jwk", privateKey, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
      await new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open("halcyon-messaging", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore("keys", { keyPath: "userId" });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const transaction = opening.result.transaction("keys", "readwrite");
          transaction.objectStore("keys").put({ userId, kid, privateKey: key });
          transaction.oncomplete = () => {
            opening.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      });
    },
    { userId: id, kid, privateKey: privateKey as JsonWebKey },
  );
  return id;
}

/**
 * A browser of one's own (a context), signed in, holding the member's messaging key: quietly
 * (signInQuietlyWithKey), or `throughTheForm` as a member does (signInThroughTheForm). `baseURL`:
 * a clinic of the test's own (see clinic-server.ts).
 */
export async function memberBrowser(
  browser: Browser,
  credentials: Signing,
  options: { baseURL?: string | undefined; throughTheForm?: boolean } = {},
): Promise<Member> {
  const context = await browser.newContext({ reducedMotion: "reduce", ...(options.baseURL ? { baseURL: options.baseURL } : {}) });
  const page = await context.newPage();
  const id = options.throughTheForm ? await signInThroughTheForm(page, credentials) : await signInQuietlyWithKey(page, credentials);
  return { context, page, id };
}

/**
 * Sets up a member's messaging keys on "another device" (this process), for members who never
 * open a browser in a test: signs in through the API (choosing their own password when theirs is
 * a one-time one) and stores a key pair made here, as their browser would.
 */
export async function setUpKeysElsewhere(baseURL: string, credentials: Signing): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    await messagingKeys(api, credentials.username, await signInThroughApi(api, credentials));
  } finally {
    await api.dispose();
  }
}

let patientCount = 0;

/**
 * A new patient in the doctor's care, opened by the doctor (no registration throttle), so each
 * test starts with a conversation nobody else touches. Returns the patient's sign-in.
 */
export async function newPatientOf(
  doctor: Pick<Page, "request">,
  firstName = "Wren",
): Promise<Credentials & { oneTime: true; firstName: string; lastName: string; id: number }> {
  patientCount += 1;
  const lastName = `Ashdown${Date.now().toString(36)}${patientCount}`;
  const response = await doctor.request.post("/api/patients", {
    data: { firstName, lastName, phoneNumber: "(555) 010-4477", dateOfBirth: "1990-03-08" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { patient, oneTimePassword } = (await response.json()) as { patient: { id: number; username: string }; oneTimePassword: string };
  return { username: patient.username, password: oneTimePassword, oneTime: true, firstName, lastName, id: patient.id };
}

/** A public key through the API: the member's own, another's, or the clinic's records key. */
async function publicKey(api: APIRequestContext, path: string): Promise<PublicKey> {
  const response = await api.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  const { kid, publicKey } = (await response.json()) as PublicKey;
  return { kid, publicKey };
}

/**
 * `text` sealed the way the member signed in on `page` seals a message to `receiverId`: with
 * public keys only, to their own current key, the receiver's and the clinic's records key.
 */
export async function sealedText(page: Page, receiverId: number, text: string): Promise<string> {
  // One's own public key as the web app reads it: the sealed key (/api/keys/me) needs a recent sign-in.
  const me = ((await (await page.request.get("/api/user")).json()) as { id: number }).id;
  const keys = await Promise.all([`/api/keys/${me}`, `/api/keys/${receiverId}`, "/api/keys/clinic"].map((path) => publicKey(page.request, path)));
  return sealMessage({ text }, keys);
}

/** Sends through the public API, sealed as another device of the same member would seal it. */
export async function sendThroughApi(page: Page, receiverId: number, content: string): Promise<void> {
  const response = await page.request.post("/api/messages", { data: { receiverId, content: await sealedText(page, receiverId, content) } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The navbar's count of unread messages (desktop). */
export function navbarUnread(page: Page) {
  return page.getByRole("navigation", { name: "Main", exact: true }).getByTestId("unread-messages-badge");
}

export function conversationWith(page: Page, name: string) {
  return page.getByTestId("conversation").filter({ hasText: name });
}

export function chatLog(page: Page) {
  return page.getByRole("log");
}

export function composer(page: Page) {
  return page.getByRole("textbox", { name: /^Message to/ });
}

export async function openMessages(page: Page, partnerId?: number): Promise<void> {
  await page.goto(partnerId === undefined ? "/messages" : `/messages?with=${partnerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
}
