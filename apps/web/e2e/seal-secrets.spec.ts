// Issue 33, item 1: the server never receives what opens a member's messages. Every request the
// web app sends (its address, its headers, its body) and every WebSocket frame is recorded while
// members register, sign in, replace a one-time password, unlock their messages on a device
// with the password and with a passkey's PRF, and change their password; none carries a password
// (as typed, URL-encoded or in base64) or a seal key (computed here from the server's parameters,
// as the browser derives it). And a member from before the split keeps their history: their old
// verifier and their key sealed with the password are taken over at their next sign-in.
import { Buffer } from "node:buffer";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { deriveSecrets } from "@halcyon/sealed";
import { expect, request as apiRequest, type BrowserContext, type Page } from "@playwright/test";
import { decodeProtectedHeader } from "jose";

import { startClinicServer } from "./clinic-server";
import { makeLegacyMember } from "./legacy-member";
import { addVirtualAuthenticator, signOutThroughMenu, test } from "./passkey-support";
import { chatLog, keptKeys, memberBrowser, newPatientOf, openMessages, opensWithPassword, sendThroughApi, signInParamsOf } from "./messaging-support";
import { DEMO, expectToast, fillLogInForm, fillRegistrationForm, newPatient, postSignIn, seriousViolations } from "./support";

test.use({ contextOptions: { reducedMotion: "reduce" } });

/** Something the web app sent: where to, and everything in it as text. */
type Sent = { what: string; text: string };

/** Every request of the context's pages (address, all headers, body) and every WebSocket frame they send, as they go. */
function recordWhatIsSent(context: BrowserContext): { sent: Sent[]; settled: () => Promise<unknown> } {
  const sent: Sent[] = [];
  const reading: Promise<unknown>[] = [];
  context.on("request", (request) => {
    reading.push(
      request.allHeaders().then((headers) => {
        const body = request.postDataBuffer() ?? Buffer.alloc(0);
        sent.push({
          what: `${request.method()} ${request.url()}`,
          text: [request.url(), JSON.stringify(headers), body.toString("utf8"), body.toString("latin1")].join("\n"),
        });
      }),
    );
  });
  const watch = (page: Page) =>
    page.on("websocket", (socket) =>
      socket.on("framesent", ({ payload }) =>
        sent.push({ what: `WS ${socket.url()}`, text: typeof payload === "string" ? payload : payload.toString("latin1") }),
      ),
    );
  context.pages().forEach(watch);
  context.on("page", watch);
  return { sent, settled: () => Promise.all(reading) };
}

/** The ways a secret could travel: as is, URL- or form-encoded, JSON-escaped, in base64, base64url or hex, or as a list of bytes. */
function formsOf(secret: string | Uint8Array): string[] {
  const bytes = typeof secret === "string" ? Buffer.from(secret, "utf8") : Buffer.from(secret);
  const forms = [bytes.toString("base64"), bytes.toString("base64url"), bytes.toString("hex"), bytes.toString("latin1")];
  if (typeof secret === "string")
    forms.push(secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2), JSON.stringify(secret).slice(1, -1));
  else forms.push([...secret].join(","));
  return forms;
}

/** What `secret` would look like in what was sent, and where, if anywhere. */
function leaksOf(sent: Sent[], secrets: Record<string, string | Uint8Array>): string[] {
  const found: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    for (const form of formsOf(secret)) {
      for (const item of sent) if (item.text.includes(form)) found.push(`${name} in ${item.what}`);
    }
  }
  return found;
}

/** Signs out, and sees that the browser kept no key of the member's. */
async function signOut(page: Page): Promise<void> {
  await signOutThroughMenu(page);
  await expect.poll(() => keptKeys(page)).toEqual([]);
  await page.goto("/auth");
}

test("no request of the web app carries a password or a seal key: registration, sign-in, a one-time password replaced, unlocking with the password and with a passkey, a password change", async ({
  browser,
  baseURL,
}) => {
  // Many deliberately slow derivations and hashes, on a busy machine.
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL });
  const { sent, settled } = recordWhatIsSent(context);
  const page = await context.newPage();
  await addVirtualAuthenticator(page, { prf: true });

  // Registration, then a sign-in with the password.
  const registered = newPatient();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Need an account? Create one" }).click();
  await fillRegistrationForm(page, registered);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Welcome to Halcyon!");
  await page.getByRole("complementary", { name: "Your messages' recovery code" }).getByRole("button", { name: "I have saved it" }).click();
  await expect.poll(async () => (await keptKeys(page)).length).toBe(1);
  await signOut(page);
  await fillLogInForm(page, registered);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expectToast(page, "Welcome back!");
  await expect.poll(async () => (await keptKeys(page)).length).toBe(1);
  await signOut(page);

  // A patient a doctor added: their one-time password replaced by their own, then a message from the doctor.
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL });
  const patient = await newPatientOf(doctor.page, "Ilse");
  const own = "moonlit reeds along a slow river";
  await fillLogInForm(page, patient);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.getByLabel("New password", { exact: true }).fill(own);
  await page.getByLabel("Confirm new password").fill(own);
  await page.getByRole("button", { name: "Save my password" }).click();
  await expectToast(page, "Your password is set");
  await expect.poll(async () => (await keptKeys(page)).length).toBe(1);
  await page.getByRole("complementary", { name: "Your messages' recovery code" }).getByRole("button", { name: "I have saved it" }).click();
  const words = "The breathing exercise before bed: four counts in, six out.";
  await sendThroughApi(doctor.page, patient.id, words);

  // A passkey (its first turns two-step sign-in on), then a sign-in with it alone: this device forgot the key.
  await page.goto("/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const addIt = page.getByRole("dialog", { name: "Add a passkey" });
  await addIt.getByLabel("Your password").fill(own);
  await addIt.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Passkey added");
  await passkeys.getByRole("button", { name: "I have saved them" }).click();
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectToast(page, "Welcome back!");

  // Unlocking with the password on this device.
  await openMessages(page, doctor.id);
  const lock = page.getByRole("region", { name: "Unlock your messages on this device" });
  await expect(lock).toContainText("neither the password nor that key is ever sent");
  await lock.getByLabel("Your password").fill(own);
  await lock.getByRole("button", { name: "Unlock" }).click();
  await expect(chatLog(page)).toContainText(words);

  // Letting the passkey open the messages, then a sign-in with it: they open with nothing typed.
  await page.goto("/account");
  await passkeys.getByRole("button", { name: "Unlock messages with a passkey" }).click();
  const letIt = page.getByRole("dialog", { name: "Unlock messages with a passkey" });
  expect(await seriousViolations(page)).toEqual([]);
  await letIt.getByLabel("Your password").fill(own);
  await letIt.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Your passkey opens your messages");
  await signOut(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectToast(page, "Welcome back!");
  await expect.poll(async () => (await keptKeys(page)).length, { message: "the passkey's PRF opened the key" }).toBe(1);
  await openMessages(page, doctor.id);
  await expect(chatLog(page)).toContainText(words);
  await expect(page.getByRole("region", { name: "Unlock your messages on this device" })).toHaveCount(0);

  // A password change; then the new password (and the passkey, the second step) open the history.
  const changed = "copper lanterns on the winter harbour";
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Change your password" });
  await form.getByLabel("Current password").fill(own);
  await form.getByLabel("New password", { exact: true }).fill(changed);
  await form.getByLabel("Confirm new password").fill(changed);
  await form.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Your password is changed");
  await signOut(page);
  await fillLogInForm(page, { username: patient.username, password: changed });
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.getByRole("button", { name: /^Use (your|a) passkey/ }).click();
  await expectToast(page, "Welcome back!");
  await expect.poll(async () => (await keptKeys(page)).length).toBe(1);
  await openMessages(page, doctor.id);
  await expect(chatLog(page)).toContainText(words);

  // What was sent, against every password typed and every seal key they give.
  await settled();
  const api = await apiRequest.newContext({ baseURL });
  const sealKeyOf = async (username: string, password: string) => (await deriveSecrets(password, (await signInParamsOf(api, username)).kdf)).sealKey;
  const secrets = {
    "the registered password": registered.password,
    "the registered seal key": await sealKeyOf(registered.username, registered.password),
    "the one-time password": patient.password,
    "the chosen password": own,
    "the chosen seal key": await sealKeyOf(patient.username, own),
    "the new password": changed,
    "the new seal key": await sealKeyOf(patient.username, changed),
  };
  await api.dispose();
  expect(sent.filter((item) => item.what.startsWith("POST")).length).toBeGreaterThan(10);
  expect(leaksOf(sent, secrets)).toEqual([]);
  await doctor.context.close();
  await context.close();
});

test("a member from before the split keeps their history: the browser proves their old password once, and seals their key anew with the seal key", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-legacy-"));
  try {
    // The demo clinic with one more patient of Dr. Vance's, whose rows are then turned into what an older version left.
    const before = await startClinicServer({ dataDir });
    const api = await apiRequest.newContext({ baseURL: before.baseURL });
    expect((await postSignIn(api, DEMO.doctor)).status()).toBe(200);
    const patient = await newPatientOf({ request: api }, "Mira");
    await api.dispose();
    await before.stop();
    const member = { username: patient.username, password: "an old orchard in the autumn rain" };
    const kid = await makeLegacyMember(dataDir, patient.id, member.password);

    const clinic = await startClinicServer({ dataDir });
    try {
      // Their doctor writes before they move over: sealed to the key they have had all along.
      const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL: clinic.baseURL });
      const words = "Before our next session, note two evenings that went well.";
      await sendThroughApi(doctor.page, patient.id, words);
      const anyone = await apiRequest.newContext({ baseURL: clinic.baseURL });
      // While anyone is on an old verifier, every username gets old parameters too (a clinic-wide fact).
      expect((await signInParamsOf(anyone, member.username)).legacy).not.toBeNull();
      expect((await signInParamsOf(anyone, "nobody.here")).legacy).not.toBeNull();

      const context = await browser.newContext({ baseURL: clinic.baseURL, reducedMotion: "reduce" });
      const { sent, settled } = recordWhatIsSent(context);
      const page = await context.newPage();
      await page.goto("/auth");
      await fillLogInForm(page, member);
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await expectToast(page, "Welcome back!");
      await expect.poll(() => keptKeys(page)).toEqual([{ userId: patient.id, kid, extractable: false, type: "private" }]);
      await openMessages(page, doctor.id);
      await expect(chatLog(page)).toContainText(words);

      // The same key, now sealed with the seal key (A256KW): the password as typed opens nothing stored.
      await expect.poll(async () => decodeProtectedHeader((await (await page.request.get("/api/keys/me")).json()).sealedPrivateKey).alg).toBe("A256KW");
      const mine = await (await page.request.get("/api/keys/me")).json();
      expect(mine.kid).toBe(kid);
      expect(await opensWithPassword(anyone, member.username, mine.sealedPrivateKey, member.password)).toBe(true);

      // Another device, on the member's new verifier: the same history opens.
      const laptop = await browser.newContext({ baseURL: clinic.baseURL, reducedMotion: "reduce" });
      const other = await laptop.newPage();
      await other.goto("/auth");
      await fillLogInForm(other, member);
      await other.getByRole("button", { name: "Log In", exact: true }).click();
      await expectToast(other, "Welcome back!");
      await openMessages(other, doctor.id);
      await expect(chatLog(other)).toContainText(words);

      await settled();
      const sealKey = (await deriveSecrets(member.password, (await signInParamsOf(anyone, member.username)).kdf)).sealKey;
      expect(leaksOf(sent, { "the password": member.password, "the seal key": sealKey })).toEqual([]);
      await anyone.dispose();
      await Promise.all([laptop.close(), context.close(), doctor.context.close()]);
    } finally {
      await clinic.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
