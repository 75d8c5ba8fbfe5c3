// Messages as the web app sends them (issue 18): every member who writes has messaging keys, the
// clinic has its records key, and a message is a JWE sealed to the sender, the receiver and the
// clinic. The server refuses anything else, so every test that sends goes through here.
import { randomBytes } from "node:crypto";
import {
  deriveSecrets,
  newKeyPair,
  openMessage,
  openWithKey,
  sealMessage,
  sealPrivateKey,
  sealWithKey,
  type AttachmentRef,
  type MemberKeyPair,
  type MessageContent,
  type PublicKey,
} from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { aStaffMember, type SignedIn } from "./clinic-helpers";

/** The records key's place among the keys of one app (user ids start at 1). */
const RECORDS = 0;
/** A key this test knows: always its public half; its private half too, unless the key was made elsewhere (the demo seed's records key). */
type KnownKey = PublicKey & { privateKey?: MemberKeyPair["privateKey"] };
const keysOfApp = new WeakMap<FastifyInstance, Map<number, KnownKey>>();
// One private key sealed once stands in for every member's: the server stores it and cannot tell
// (sealing the recovery copy with 210,000 PBES2 iterations per member would cost each test a second).
let sealedStandIn: Promise<{ sealedPrivateKey: string; sealedRecoveryKey: string }> | undefined;

function keysOf(app: FastifyInstance): Map<number, KnownKey> {
  let keys = keysOfApp.get(app);
  if (!keys) keysOfApp.set(app, (keys = new Map()));
  return keys;
}

/** The clinic's records key (made by a new admin on first use). */
export async function recordsKey(app: FastifyInstance): Promise<MemberKeyPair> {
  const keys = keysOf(app);
  const known = keys.get(RECORDS);
  if (known?.privateKey) return known as MemberKeyPair;
  if (known) throw new Error("the clinic's records key was made elsewhere: this test does not hold its private half");
  const pair = await newKeyPair();
  const admin = await aStaffMember(app, "admin");
  const made = await app.inject({ method: "PUT", url: "/api/admin/records-key", payload: { publicKey: pair.publicKey }, headers: { cookie: admin.cookie } });
  if (made.statusCode !== 200) throw new Error(`the records key was not made: ${made.body}`);
  keys.set(RECORDS, pair);
  return pair;
}

/** Gives `member` messaging keys (a fresh pair), as their browser does at their first sign-in. */
export async function giveKeys(app: FastifyInstance, member: SignedIn, pair?: MemberKeyPair): Promise<MemberKeyPair> {
  const keys = pair ?? (await newKeyPair());
  sealedStandIn ??= newKeyPair().then(async (standIn) => ({
    sealedPrivateKey: await sealWithKey(standIn.privateKey, randomBytes(32)),
    sealedRecoveryKey: await sealPrivateKey(standIn.privateKey, "a recovery code"),
  }));
  const saved = await app.inject({
    method: "PUT",
    url: "/api/keys/me",
    payload: { publicKey: keys.publicKey, ...(await sealedStandIn) },
    headers: { cookie: member.cookie },
  });
  if (saved.statusCode !== 200) throw new Error(`keys were not saved: ${saved.body}`);
  keysOf(app).set(member.id, keys);
  return keys;
}

async function kdfOf(app: FastifyInstance, username: string) {
  const params = await app.inject({ method: "POST", url: "/api/login/params", payload: { username } });
  if (params.statusCode !== 200) throw new Error(`no sign-in params: ${params.body}`);
  return (params.json() as { kdf: { salt: string; memoryKiB: number; iterations: number; parallelism: number } }).kdf;
}

/** Takes a records key the test made itself (PUT /api/admin/records-key) as the clinic's, for sealing and opening. */
export function useRecordsKey(app: FastifyInstance, pair: MemberKeyPair): void {
  keysOf(app).set(RECORDS, pair);
}

/**
 * Takes up the keys `member` already has (a demo member's, say) as their browser does at sign-in:
 * their stored private key opened with the seal secret derived from their password (with the
 * params the server answers for their username), and the clinic's public records key.
 */
export async function unlockKeys(app: FastifyInstance, member: SignedIn & { username: string }, password: string): Promise<MemberKeyPair> {
  const mine = await app.inject({ method: "GET", url: "/api/keys/me", headers: { cookie: member.cookie } });
  if (mine.statusCode !== 200) throw new Error(`no keys to unlock: ${mine.body}`);
  const { kid, publicKey, sealedPrivateKey } = mine.json() as { kid: string; publicKey: Omit<MemberKeyPair["publicKey"], "kid">; sealedPrivateKey: string };
  const pair: MemberKeyPair = {
    kid,
    publicKey: { ...publicKey, kid },
    privateKey: await openWithKey(sealedPrivateKey, (await deriveSecrets(password, await kdfOf(app, member.username))).sealKey),
  };
  keysOf(app).set(member.id, pair);
  if (!keysOf(app).has(RECORDS)) {
    const clinic = await app.inject({ method: "GET", url: "/api/keys/clinic", headers: { cookie: member.cookie } });
    if (clinic.statusCode !== 200) throw new Error(`the clinic has no records key: ${clinic.body}`);
    keysOf(app).set(RECORDS, clinic.json() as PublicKey);
  }
  return pair;
}

/** Every key a message between these members needs: theirs (made once) and the clinic's. */
export async function readyToMessage(app: FastifyInstance, ...members: SignedIn[]): Promise<void> {
  await recordsKey(app);
  for (const member of members) if (!keysOf(app).has(member.id)) await giveKeys(app, member);
}

/** `text` sealed from `from` to `to` and the clinic, as the web app seals it. */
export async function sealedFor(app: FastifyInstance, from: SignedIn, to: Pick<SignedIn, "id">, text: string, attachments?: AttachmentRef[]): Promise<string> {
  const keys = keysOf(app);
  const recipients = [keys.get(from.id), keys.get(to.id), keys.get(RECORDS)];
  if (recipients.some((pair) => pair === undefined)) throw new Error("call readyToMessage with both members first");
  return sealMessage(
    { text, ...(attachments ? { attachments } : {}) },
    recipients.map((key) => ({ kid: key!.kid, publicKey: key!.publicKey })),
  );
}

/** Sends `text` sealed, through the public API; `extra` adds to the body (clientId, attachmentIds, senderId). */
export async function sendSealed(app: FastifyInstance, from: SignedIn, to: Pick<SignedIn, "id">, text: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/messages",
    payload: { receiverId: to.id, content: await sealedFor(app, from, to, text), ...extra },
    headers: { cookie: from.cookie },
  });
}

/** What `reader` reads in a stored message (with the key this test gave them). */
export async function openAs(app: FastifyInstance, reader: Pick<SignedIn, "id">, content: string): Promise<string> {
  return (await openAllAs(app, reader, content)).text;
}

/** All that `reader` finds in a stored message: its words and its attachments' references. */
export async function openAllAs(app: FastifyInstance, reader: Pick<SignedIn, "id">, content: string): Promise<MessageContent> {
  const key = keysOf(app).get(reader.id);
  if (!key?.privateKey) throw new Error("this member has no keys");
  return openMessage(content, { kid: key.kid, privateKey: key.privateKey });
}
