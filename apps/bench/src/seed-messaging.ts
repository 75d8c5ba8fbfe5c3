// The messaging database (issue 4): 1,000 doctors and 10,000 patients who have exchanged
// 2,000,000 messages over two years. Doctor 1 talks with 500 patients; doctor 1 and patient 1
// have 10,000 messages between them. Patients talk only to doctors, and doctor i and patient i
// (i = 1…1,000) are the WebSocket bench's pairs: a care relationship each, so either may write.
//
// Rows are what appendMessage() would have left behind, written in bulk: ids in time order,
// pair_low/pair_high the lower and higher user id, read_at set on everything but a reader's
// latest incoming messages of the last three days, and one conversations row per (owner,
// partner) built afterwards with one INSERT … SELECT (as the messaging migration builds them),
// with appendMessage's meaning of last_read_message_id: the newest message of the conversation
// the owner has seen, their own included.
//
// Sealed messaging (issue 18): every member has a key pair (member_keys, made by newKeyPair) and
// the clinic has its records key (records_key), and every message's content is a sealed envelope,
// as the server now stores nothing else. Sealing 2,000,000 messages one by one (a few ms each)
// would take over an hour, so the rows share a pool of 64 envelopes sealed for real (messages of
// 40–400 characters, sealed to doctor 1's, patient 1's and the records key): reads carry the
// bytes they would carry in production, and the server never checks a stored message's
// recipients when it reads it (only when it is sent). The WebSocket bench (ws-delivery.ts) reads
// the public keys back from the file to seal what it sends to exactly the right three.
//
// `pnpm --filter @halcyon/bench exec tsx src/seed-messaging.ts` seeds (or reuses) the cached copy on its own.
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { newKeyPair, sealMessage, type MemberKeyPair, type PublicKey } from "@halcyon/sealed";
import Database from "better-sqlite3";
import {
  benchPasswordHash,
  createBulkDatabase,
  DAY_MS,
  finishBulkLoad,
  FIRST_NAMES,
  insertRows,
  iso,
  LAST_NAMES,
  MINUTE_MS,
  Random,
  selectionSampler,
  type BulkDb,
  wrapBenchVerifiers,
} from "./bulk-load";
import { cachedDatabase, type CachedDatabase } from "./db-cache";
import { formatMs, installCleanupHandlers, progress } from "./support";

export const MESSAGING = {
  doctors: 1_000,
  patients: 10_000,
  messages: 2_000_000,
  /** Doctor 0's conversation partners: patients 0…499. */
  busyDoctorPartners: 500,
  /** Messages between doctor 0 and patient 0. */
  busyConversation: 10_000,
  /** Doctor i and patient i, i < wsPairs. */
  wsPairs: 1_000,
  days: 730,
} as const;

const SEED_VERSION = "messaging-3";
const SECOND_DOCTOR_SHARE = 0.4;
/** Incoming messages newer than this are unread until their reader answers. */
const UNREAD_WINDOW_MS = 3 * DAY_MS;

export const messagingDoctorId = (k: number) => 1 + k;
export const messagingDoctorUsername = (k: number) => `doctor${String(k + 1).padStart(4, "0")}`;
export const messagingPatientId = (i: number) => 1 + MESSAGING.doctors + i;
export const messagingPatientUsername = (i: number) => `patient${String(i + 1).padStart(5, "0")}`;

export interface MessagingInfo {
  now: string;
  counts: Record<string, number>;
}

const CONTENT = [
  "Hi, just checking in before our session on Thursday.",
  "Thank you, that helps a lot.",
  "Could we move next week's session to the afternoon?",
  "I tried the breathing exercise twice today and it helped me fall asleep.",
  "How have the evenings been since we last spoke?",
  "I had a difficult day at work but used the plan we made.",
  "Please remember to bring your sleep diary next time.",
  "Yes, Tuesday at 10 works for me.",
  "I've attached nothing, but wanted to tell you the conversation with my sister went well.",
  "Good to hear. Let's talk about it in detail on Monday.",
  "Is it normal to feel more tired in the first weeks?",
  "It is, and it usually passes. Keep the routine and let me know how it goes.",
  "Running ten minutes late, sorry!",
  "No problem, see you soon.",
];

/** Envelopes sealed for real, shared by all the seeded messages. */
const ENVELOPES = 64;
const TEXT_CHARS = { min: 40, max: 400 } as const;
/** A private JWK of P-256 with its kid, as JSON: what a sealed key's ciphertext holds. */
const PRIVATE_JWK_BYTES = 216;

const base64url = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64url");

/**
 * Stands in for a private key sealed in the browser: a compact JWE with the header sealPrivateKey
 * writes (PBES2-HS512+A256KW, 210,000 iterations, A256GCM), what the schema accepts, and random
 * bytes of the real parts' sizes. The server only stores and hands it back, never opens it;
 * sealing 11,000 keys twice for real (PBKDF2, 210,000 rounds each) would take hours.
 */
function sealedKeyStandIn(kid: string): string {
  const header = { alg: "PBES2-HS512+A256KW", enc: "A256GCM", cty: "jwk+json", kid, p2s: base64url(randomBytes(16)), p2c: 210_000 };
  return [JSON.stringify(header), randomBytes(40), randomBytes(12), randomBytes(PRIVATE_JWK_BYTES), randomBytes(16)].map(base64url).join(".");
}

/** The public JWK as the server stores it (keys.ts: the schema's {kty, crv, x, y}, as JSON). */
const storedPublicKey = (pair: MemberKeyPair) => JSON.stringify({ kty: pair.publicKey.kty, crv: pair.publicKey.crv, x: pair.publicKey.x, y: pair.publicKey.y });
const publicKeyOf = (pair: MemberKeyPair): PublicKey => ({ kid: pair.kid, publicKey: JSON.parse(storedPublicKey(pair)) as PublicKey["publicKey"] });

/** A message of `chars` characters (give or take a word) made of the sentences patients and doctors write. */
function messageText(chars: number, random: Random): string {
  let text = random.pick(CONTENT);
  while (text.length < chars) text = `${text} ${random.pick(CONTENT)}`;
  return text.slice(0, chars).trimEnd();
}

/** The pool of envelopes: lengths spread evenly over TEXT_CHARS, each sealed to `recipients`. */
async function envelopePool(random: Random, recipients: PublicKey[]): Promise<string[]> {
  const texts = Array.from({ length: ENVELOPES }, (_, i) =>
    messageText(TEXT_CHARS.min + Math.round((i * (TEXT_CHARS.max - TEXT_CHARS.min)) / (ENVELOPES - 1)), random),
  );
  return Promise.all(texts.map((text) => sealMessage({ text }, recipients)));
}

/** A key pair for every member and the clinic's records key, written as saveMyKeys and setRecordsKey write them. */
async function insertKeys(db: BulkDb, createdAt: string): Promise<{ members: Map<number, MemberKeyPair>; records: MemberKeyPair }> {
  const memberIds = [
    ...Array.from({ length: MESSAGING.doctors }, (_, k) => messagingDoctorId(k)),
    ...Array.from({ length: MESSAGING.patients }, (_, i) => messagingPatientId(i)),
  ];
  const members = new Map<number, MemberKeyPair>();
  for (let index = 0; index < memberIds.length; index += 500) {
    const ids = memberIds.slice(index, index + 500);
    const pairs = await Promise.all(ids.map(async (id) => [id, await newKeyPair()] as const));
    for (const [id, pair] of pairs) members.set(id, pair);
  }
  insertRows(
    db,
    `insert into member_keys (user_id, kid, public_key, sealed_private_key, sealed_recovery_key, created_at) values (?, ?, ?, ?, ?, ?)`,
    (function* () {
      for (const [id, pair] of members) yield [id, pair.kid, storedPublicKey(pair), sealedKeyStandIn(pair.kid), sealedKeyStandIn(pair.kid), createdAt];
    })(),
  );
  const records = await newKeyPair();
  db.prepare(`insert into records_key (id, kid, public_key, created_by, created_at) values (1, ?, ?, null, ?)`).run(
    records.kid,
    storedPublicKey(records),
    createdAt,
  );
  return { members, records };
}

/** The public keys stored in a messaging database: of `userIds`, and the clinic's records key. */
export function publicKeysIn(file: string, userIds: number[]): { members: Map<number, PublicKey>; records: PublicKey } {
  const db = new Database(file, { readonly: true });
  try {
    const parse = (row: { kid: string; public_key: string }): PublicKey => ({ kid: row.kid, publicKey: JSON.parse(row.public_key) as PublicKey["publicKey"] });
    const query = db.prepare(`select kid, public_key from member_keys where user_id = ?`);
    const members = new Map<number, PublicKey>();
    for (const id of userIds) {
      const row = query.get(id) as { kid: string; public_key: string } | undefined;
      if (!row) throw new Error(`${file}: user ${id} has no messaging keys; reseed with BENCH_RESEED=1`);
      members.set(id, parse(row));
    }
    const records = db.prepare(`select kid, public_key from records_key where id = 1`).get() as { kid: string; public_key: string } | undefined;
    if (!records) throw new Error(`${file}: no records key; reseed with BENCH_RESEED=1`);
    return { members, records: parse(records) };
  } finally {
    db.close();
  }
}

/** Doctor–patient pairs who write to each other; pair 0 is the busy conversation. */
function conversationPairs(random: Random): { doctors: Int32Array; patients: Int32Array } {
  const seen = new Set<number>();
  const doctors: number[] = [];
  const patients: number[] = [];
  const add = (doctor: number, patient: number) => {
    const key = doctor * 1_000_000 + patient;
    if (seen.has(key)) return;
    seen.add(key);
    doctors.push(doctor);
    patients.push(patient);
  };
  for (let i = 0; i < MESSAGING.busyDoctorPartners; i += 1) add(0, i);
  for (let i = 0; i < MESSAGING.wsPairs; i += 1) add(i, i);
  for (let i = MESSAGING.busyDoctorPartners; i < MESSAGING.patients; i += 1) {
    // Doctors 1…999 only: doctor 0 keeps exactly 500 partners.
    const first = 1 + (i % (MESSAGING.doctors - 1));
    add(first, i);
    if (random.chance(SECOND_DOCTOR_SHARE)) add(1 + random.int(MESSAGING.doctors - 1), i);
  }
  return { doctors: Int32Array.from(doctors), patients: Int32Array.from(patients) };
}

function insertPeople(db: BulkDb, random: Random, passwordHash: string, createdAt: string): void {
  const sql = `insert into users (id, username, username_key, password_hash, email, first_name, last_name, phone_number,
    date_of_birth, role, profile_image_url, created_at, deactivated_at, must_change_password) values (?, ?, ?, ?, null, ?, ?, '(555) 010-2030', ?, ?, null, ?, null, 0)`;
  const person = (id: number, username: string, role: string) => [
    id,
    username,
    username,
    passwordHash,
    random.pick(FIRST_NAMES),
    random.pick(LAST_NAMES),
    `${random.between(1945, 2006)}-0${random.between(1, 9)}-1${random.between(0, 9)}`,
    role,
    createdAt,
  ];
  insertRows(
    db,
    sql,
    (function* () {
      for (let k = 0; k < MESSAGING.doctors; k += 1) yield person(messagingDoctorId(k), messagingDoctorUsername(k), "doctor");
      for (let i = 0; i < MESSAGING.patients; i += 1) yield person(messagingPatientId(i), messagingPatientUsername(i), "patient");
    })(),
  );
  insertRows(
    db,
    `insert into doctor_profiles (user_id, specialization, bio) values (?, 'Individual Therapy', null)`,
    (function* () {
      for (let k = 0; k < MESSAGING.doctors; k += 1) yield [messagingDoctorId(k)];
    })(),
  );
}

export async function seedMessaging(file: string, now = Date.now()): Promise<MessagingInfo> {
  const random = new Random(4_000_004);
  const passwordHash = await benchPasswordHash();
  const db = await createBulkDatabase(file);
  try {
    const start = now - MESSAGING.days * DAY_MS;
    insertPeople(db, random, passwordHash, iso(start - 30 * DAY_MS));
    await wrapBenchVerifiers(db);
    let phase = Date.now();
    const keys = await insertKeys(db, iso(start - DAY_MS));
    const busyPair = [messagingDoctorId(0), messagingPatientId(0)].map((id) => keys.members.get(id));
    const recipients = [...busyPair.filter((pair) => pair !== undefined), keys.records].map(publicKeyOf);
    // Its own random source: the conversations and messages planned below stay those of before.
    const envelopes = await envelopePool(new Random(18_000_018), recipients);
    const envelopeChars = Math.round(envelopes.reduce((sum, envelope) => sum + envelope.length, 0) / envelopes.length);
    progress(`messaging: ${keys.members.size} key pairs, the records key and ${envelopes.length} sealed envelopes in ${formatMs(Date.now() - phase)}`);
    const pairs = conversationPairs(random);
    const pairCount = pairs.doctors.length;
    insertRows(
      db,
      `insert into care_relationships (doctor_id, patient_id, since) values (?, ?, ?)`,
      (function* () {
        for (let p = 0; p < pairCount; p += 1)
          yield [messagingDoctorId(pairs.doctors[p] ?? 0), messagingPatientId(pairs.patients[p] ?? 0), iso(start - DAY_MS)];
      })(),
    );

    // Who writes each message, in time order: exactly busyConversation of them in pair 0, the
    // rest spread over the other pairs with weights 0.15…1.85 (every pair expects ~20 or more).
    phase = Date.now();
    const total = MESSAGING.messages;
    const pairOf = new Int32Array(total);
    const byPatient = new Uint8Array(total);
    const at = new Float64Array(total);
    const cumulative = new Float64Array(pairCount);
    let weightSum = 0;
    for (let p = 1; p < pairCount; p += 1) {
      weightSum += 0.15 + 1.7 * random.next();
      cumulative[p] = weightSum;
    }
    const inBusyConversation = selectionSampler(MESSAGING.busyConversation, total, random);
    const step = (now - MINUTE_MS - start) / total;
    for (let j = 0; j < total; j += 1) {
      at[j] = start + (j + random.next()) * step;
      byPatient[j] = random.chance(0.5) ? 1 : 0;
      if (inBusyConversation()) continue; // pairOf[j] = 0
      const target = random.next() * weightSum;
      let low = 1;
      let high = pairCount - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((cumulative[middle] ?? 0) < target) low = middle + 1;
        else high = middle;
      }
      pairOf[j] = low;
    }
    // A message is unread when it is recent and its reader has not written in that pair since.
    const answered = new Uint8Array(pairCount * 2);
    const unread = new Uint8Array(total);
    for (let j = total - 1; j >= 0; j -= 1) {
      const pair = pairOf[j] ?? 0;
      const sender = byPatient[j] ?? 0;
      const reader = 1 - sender;
      if ((at[j] ?? 0) > now - UNREAD_WINDOW_MS && !answered[pair * 2 + reader]) unread[j] = 1;
      answered[pair * 2 + sender] = 1;
    }
    progress(`messaging: planned ${total} messages over ${pairCount} conversations in ${formatMs(Date.now() - phase)}`);

    phase = Date.now();
    insertRows(
      db,
      `insert into messages (id, sender_id, receiver_id, content, client_id, created_at, read_at, pair_low, pair_high) values (?, ?, ?, ?, null, ?, ?, ?, ?)`,
      (function* () {
        for (let j = 0; j < total; j += 1) {
          const pair = pairOf[j] ?? 0;
          const doctor = messagingDoctorId(pairs.doctors[pair] ?? 0);
          const patient = messagingPatientId(pairs.patients[pair] ?? 0);
          const [sender, receiver] = byPatient[j] ? [patient, doctor] : [doctor, patient];
          const sent = at[j] ?? now;
          const readAt = unread[j] ? null : iso(Math.min(sent + random.between(1, 600) * MINUTE_MS, now));
          yield [j + 1, sender, receiver, random.pick(envelopes), iso(sent), readAt, Math.min(sender, receiver), Math.max(sender, receiver)];
        }
      })(),
      100_000,
    );
    progress(`messaging: ${total} messages in ${formatMs(Date.now() - phase)}`);

    phase = Date.now();
    db.exec(`
      insert into conversations (owner_id, partner_id, last_message_id, unread_count, last_read_message_id)
      select owner_id, partner_id, max(id),
             sum(case when receiver_id = owner_id and read_at is null then 1 else 0 end),
             coalesce(max(case when sender_id = owner_id or read_at is not null then id end), 0)
      from (
        select id, sender_id, receiver_id, read_at, sender_id as owner_id, receiver_id as partner_id from messages
        union all
        select id, sender_id, receiver_id, read_at, receiver_id as owner_id, sender_id as partner_id from messages
      ) as sides
      group by owner_id, partner_id`);
    progress(`messaging: conversations in ${formatMs(Date.now() - phase)}`);

    const count = (sql: string, ...parameters: unknown[]) => (db.prepare(sql).get(...parameters) as { n: number }).n;
    const busyDoctor = messagingDoctorId(0);
    const counts: Record<string, number> = {
      users: count("select count(*) as n from users"),
      messages: count("select count(*) as n from messages"),
      conversations: count("select count(*) as n from conversations"),
      busyDoctorPartners: count("select count(*) as n from conversations where owner_id = ?", busyDoctor),
      busyConversation: count("select count(*) as n from messages where pair_low = ? and pair_high = ?", busyDoctor, messagingPatientId(0)),
      unread: count("select count(*) as n from messages where read_at is null"),
      careRelationships: count("select count(*) as n from care_relationships"),
      memberKeys: count("select count(*) as n from member_keys"),
      sealedEnvelopes: envelopes.length,
      envelopeCharsAverage: envelopeChars,
    };
    return { now: iso(now), counts };
  } finally {
    finishBulkLoad(db);
  }
}

export function messagingDatabase(): Promise<CachedDatabase<MessagingInfo>> {
  return cachedDatabase({ name: "messaging", version: SEED_VERSION, seed: (file) => seedMessaging(file) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  installCleanupHandlers();
  const messaging = await messagingDatabase();
  process.stdout.write(
    `${JSON.stringify({ file: messaging.file, reused: messaging.reused, seededAt: messaging.seededAt, seedMs: messaging.seedMs, ...messaging.info }, null, 2)}\n`,
  );
}
