// A public key swapped in the database under its old kid (issue 33): one SQL update that keeps a
// member's kid and changes their key would have every new message sealed to whoever holds the
// other private key. The browser computes each key's thumbprint itself, refuses the key that is
// not the one its kid names, says so in the chat, and seals nothing to it.
import { newKeyPair } from "@halcyon/sealed";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { join } from "node:path";

import { ownClinic } from "./clinic-server";
import { chatLog, composer, memberBrowser, openMessages } from "./messaging-support";
import { DEMO, expectToast, seriousViolations } from "./support";

const test = ownClinic();
test.use({ contextOptions: { reducedMotion: "reduce" } });

/** What an operator (or a thief with write access) does to the clinic's database: a member's public key replaced, their kid kept. */
function swapPublicKey(dataDir: string, userId: number, publicKey: object): void {
  const database = new Database(join(dataDir, "halcyon.db"), { fileMustExist: true, timeout: 10_000 });
  try {
    const changed = database.prepare("UPDATE member_keys SET public_key = ? WHERE user_id = ?").run(JSON.stringify(publicKey), userId);
    expect(changed.changes).toBe(1);
  } finally {
    database.close();
  }
}

function sealingNote(page: Page) {
  return page.getByRole("form", { name: /^Write to / }).getByRole("status");
}

async function messagesBetween(page: Page, partnerId: number): Promise<string[]> {
  return ((await (await page.request.get(`/api/messages/${partnerId}`)).json()) as { content: string }[]).map((message) => message.content);
}

test("a partner's key swapped under its kid is refused: the chat says why and seals nothing to it", async ({ browser, baseURL, clinic }) => {
  test.setTimeout(180_000);
  const doctor = await memberBrowser(browser, DEMO.doctor, { baseURL });
  const patient = await memberBrowser(browser, DEMO.patient, { baseURL });
  // The chat is open and ready to send, the words typed: every key checked and found right.
  await openMessages(patient.page, doctor.id);
  await composer(patient.page).fill("Can we move Thursday's session to the morning?");
  await expect(patient.page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await expect(sealingNote(patient.page)).toHaveCount(0);
  const before = (await messagesBetween(patient.page, doctor.id)).length;

  // The doctor's key as the server hands it out: the same kid, another key's coordinates.
  const { kid } = (await (await patient.page.request.get(`/api/keys/${doctor.id}`)).json()) as { kid: string };
  const { kid: _otherKid, ...otherKey } = (await newKeyPair()).publicKey;
  swapPublicKey(clinic.dataDir, doctor.id, otherKey);
  const handedOut = (await (await patient.page.request.get(`/api/keys/${doctor.id}`)).json()) as { kid: string; publicKey: object };
  expect(handedOut).toEqual({ userId: doctor.id, kid, publicKey: otherKey });

  // Sent now, in the chat open since before the swap: the message is not sealed nor sent, and the chat says why.
  const refusal =
    /^The key the server gave for Dr\. Vance is not the key its id names: someone may have changed it, so nothing is sealed to it and nothing is sent\./;
  await composer(patient.page).press("Enter");
  await expectToast(patient.page, "Error", "Failed to send message. Please try again.");
  await expect(sealingNote(patient.page)).toHaveText(refusal);
  await expect(patient.page.getByRole("button", { name: "Send message" })).toBeDisabled();
  expect(await messagesBetween(patient.page, doctor.id)).toHaveLength(before);

  // Opened afresh, the chat refuses before anything is typed; there is no safety number to
  // compare, on either side (the doctor's own key, as the server hands it out, is not theirs).
  await openMessages(patient.page, doctor.id);
  await expect(sealingNote(patient.page)).toHaveText(refusal);
  await expect(patient.page.getByRole("button", { name: "Send message" })).toBeDisabled();
  for (const [member, partnerId] of [
    [patient, doctor.id],
    [doctor, patient.id],
  ] as const) {
    if (member === doctor) await openMessages(doctor.page, partnerId);
    await member.page.getByRole("button", { name: "Safety number" }).click();
    const dialog = member.page.getByRole("dialog", { name: /^Your safety number with/ });
    await expect(dialog.getByRole("alert")).toHaveText(
      /^There is no safety number to compare: a key the server gave for this conversation is not the key its id names/,
    );
    await expect(dialog.getByTestId("safety-number")).toHaveCount(0);
    expect(await seriousViolations(member.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Done" }).click();
  }
  expect(await seriousViolations(patient.page)).toEqual([]);
  for (const width of [375, 1440]) {
    await patient.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await patient.page.screenshot({ path: `test-results/screenshots/messages-key-swapped-${width}.png`, fullPage: true });
  }
  expect(await messagesBetween(patient.page, doctor.id)).toHaveLength(before);
  await expect(chatLog(patient.page)).not.toContainText("move Thursday's session");
});
