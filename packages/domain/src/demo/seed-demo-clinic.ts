// The demo clinic of docs/product.md: enough people, sessions and conversations that every
// screen has something to show on first start. Runs only on an empty database.
import { TZDate } from "@date-fns/tz";
import { addDays, isWeekend } from "date-fns";
import {
  beginCare,
  countUsers,
  insertAppointment,
  appendMessage,
  createRecordsKey,
  markConversationRead,
  saveMemberKeys,
  insertTreatmentSession,
  signNote,
  currentConsentDocuments,
  insertConsentSignature,
  saveIntakeForm,
  insertUser,
  setEmailVerified,
  storedInstant,
  type PasswordKdf,
  upsertDoctorProfile,
  type User,
} from "@halcyon/db";
import { newKeyPair, newRecoveryCode, sealMessage, sealPrivateKey, sealWithKey, type MemberKeyPair } from "@halcyon/sealed";
import { hashSecret, passwordSecrets } from "../auth/passwords";
import { newMemberKdf } from "../auth/verifiers";
import { noteContentHash } from "../treatment-sessions/note-content-hash";
import type { ClinicServices } from "../context";
import { seedDemoLedger, seedDemoNoShowFee, seedDemoRate, seedDemoServices, type DemoServiceKey } from "./demo-billing";

export const DEMO_PASSWORDS = {
  admin: "halcyon-office-demo",
  doctor: "halcyon-doctor-demo",
  patient: "halcyon-patient-demo",
} as const;

const DOCTORS = [
  { username: "dr.vance", firstName: "Eleanor", lastName: "Vance", specialization: "Individual Therapy" },
  { username: "dr.okafor", firstName: "Julian", lastName: "Okafor", specialization: "Couples Therapy" },
  { username: "dr.lindqvist", firstName: "Maren", lastName: "Lindqvist", specialization: "PTSD & Trauma Care" },
  { username: "dr.moreau", firstName: "Camille", lastName: "Moreau", specialization: "Mindfulness & Wellness" },
];

const PATIENTS = [
  { username: "alex", firstName: "Alex", lastName: "Morgan", dateOfBirth: "1991-04-17" },
  { username: "jordan", firstName: "Jordan", lastName: "Ellis", dateOfBirth: "1987-09-02" },
  { username: "sam", firstName: "Sam", lastName: "Whitaker", dateOfBirth: "1995-01-23" },
  { username: "riley", firstName: "Riley", lastName: "Chen", dateOfBirth: "1983-06-30" },
];

/** Every account of the demo clinic, with the password published for it. */
export const DEMO_ACCOUNTS: ReadonlyMap<string, string> = new Map([
  ["admin", DEMO_PASSWORDS.admin],
  ...DOCTORS.map((doctor) => [doctor.username, DEMO_PASSWORDS.doctor] as const),
  ...PATIENTS.map((patient) => [patient.username, DEMO_PASSWORDS.patient] as const),
]);

const ALEX_NOTES = [
  "First session. Discussed sleep difficulties and work stress; agreed on a simple evening wind-down routine.",
  "Reviewed the sleep diary. Identified Sunday-evening anxiety about the week ahead; introduced box breathing.",
  "Practised cognitive reframing on two difficult conversations at work. Some resistance, but good insight.",
  "Sleep improving on most nights. Explored boundaries with family; homework: one honest conversation.",
  "Had the conversation with a sibling and it went better than feared. Mood noticeably lighter.",
  "Consistent routine for three weeks. Discussed relapse signs and a plan for busy periods.",
];

const DEMO_INTAKE = {
  alex: {
    reason: "Trouble sleeping and constant worry about work.",
    medications: "None",
    emergencyContactName: "Robin Morgan",
    emergencyContactPhone: "(555) 010-4411",
  },
  jordan: {
    reason: "Work pressure and poor sleep; would like to feel calmer.",
    medications: "Melatonin 3 mg at night",
    emergencyContactName: "Casey Ellis",
    emergencyContactPhone: "(555) 010-5522",
  },
  sam: {
    reason: "Low mood since a bereavement last spring.",
    medications: "None",
    emergencyContactName: "Jamie Whitaker",
    emergencyContactPhone: "(555) 010-6633",
  },
};

/** The SOAP sections of Alex's notes: the first five signed, the last still a draft to finish. */
const ALEX_SOAP = [
  [
    "Trouble falling asleep most nights; work deadlines on their mind.",
    "Tired, articulate, engaged.",
    "Insomnia linked to work stress.",
    "Evening wind-down routine; sleep diary.",
  ],
  [
    "Sunday evenings bring dread about the week.",
    "Anxious when describing Sundays; calmer by the end.",
    "Anticipatory anxiety.",
    "Box breathing daily; keep the diary.",
  ],
  [
    "Two hard conversations at work replay for days.",
    "Some defensiveness, then good insight.",
    "Rumination responds to reframing.",
    "Write one reframe after each hard conversation.",
  ],
  [
    "Sleeping through on most nights; family calls still tense.",
    "Brighter affect, settled posture.",
    "Sleep improving; boundaries the next theme.",
    "One honest conversation with family.",
  ],
  [
    "The conversation with a sibling went better than feared.",
    "Animated, smiling, relaxed.",
    "Mood lifting; confidence in new skills.",
    "Keep the routine; notice what helped.",
  ],
  ["Three weeks of a steady routine; worried about the busy season.", "Calm and reflective.", "", ""],
] as const;

/**
 * Each demo member's sign-in, and their messaging keys, as their browser would make them: the
 * secrets derived from the published password with the member's own salt, the private key sealed
 * under the seal secret (and with a recovery code nobody is shown). The records key's private half
 * is dropped: the demo's conversations are invented, no records request comes.
 */
async function demoMembers(services: Pick<ClinicServices, "secrets" | "config">): Promise<{ records: MemberKeyPair; members: Map<string, DemoMember> }> {
  const usernames = [...DEMO_ACCOUNTS.keys()];
  const [records, ...pairs] = await Promise.all([newKeyPair(), ...usernames.map(() => newKeyPair())]);
  const members = await Promise.all(
    usernames.map(async (username, index): Promise<[string, DemoMember]> => {
      const pair = pairs[index]!;
      const kdf = newMemberKdf(services, username);
      const secrets = await passwordSecrets(DEMO_ACCOUNTS.get(username)!, kdf);
      const [passwordHash, sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
        hashSecret(secrets.authKey),
        sealWithKey(pair.privateKey, secrets.sealKey),
        sealPrivateKey(pair.privateKey, newRecoveryCode()),
      ]);
      return [username, { ...pair, sign: { passwordHash, kdf }, sealedPrivateKey, sealedRecoveryKey }];
    }),
  );
  return { records: records!, members: new Map(members) };
}

type DemoMember = MemberKeyPair & { sign: { passwordHash: string; kdf: PasswordKdf }; sealedPrivateKey: string; sealedRecoveryKey: string };

/** A public key as the server stores it: the JWK's four members, as PUT /api/keys/me keeps them. */
const storedPublicKey = ({ publicKey: { kty, crv, x, y } }: MemberKeyPair) => JSON.stringify({ kty, crv, x, y });

/** A clinic with no accounts yet: the only kind the demo clinic is ever seeded into. */
export async function isEmptyClinic(services: Pick<ClinicServices, "db">): Promise<boolean> {
  return (await countUsers(services.db)) === 0;
}

export async function seedDemoClinic(services: Pick<ClinicServices, "db" | "now" | "config" | "secrets">): Promise<boolean> {
  if (!(await isEmptyClinic(services))) return false;
  const keys = await demoMembers(services);
  const signIn = (username: string) => keys.members.get(username)!.sign;
  const now = services.now();
  const createdAt = now.toISOString();
  const zone = services.config.clinicTimeZone;

  await services.db.transaction().execute(async (trx) => {
    // Every demo member has an address, verified, so a developer running Mailpit (docker-compose.yml)
    // sees the clinic's email. `.example` is reserved: nothing is ever delivered there for real.
    const person = (username: string) => ({ phoneNumber: "(555) 010-2030", email: `${username}@halcyon.example`, createdAt });
    const admin = await insertUser(trx, {
      ...person("admin"),
      username: "admin",
      ...signIn("admin"),
      firstName: "Avery",
      lastName: "Sinclair",
      dateOfBirth: "1980-02-14",
      role: "admin",
    });
    const doctors: User[] = [];
    for (const doctor of DOCTORS) {
      const user = await insertUser(trx, { ...person(doctor.username), ...doctor, ...signIn(doctor.username), dateOfBirth: "1975-05-05", role: "doctor" });
      await upsertDoctorProfile(trx, user.id, doctor.specialization);
      doctors.push(user);
    }
    const patients: User[] = [];
    for (const patient of PATIENTS) {
      patients.push(await insertUser(trx, { ...person(patient.username), ...patient, ...signIn(patient.username), role: "patient" }));
    }
    await setEmailVerified(
      trx,
      [admin, ...doctors, ...patients].map((member) => member.id),
      createdAt,
    );
    for (const member of [...doctors, ...patients]) {
      const pair = keys.members.get(member.username)!;
      await saveMemberKeys(trx, {
        userId: member.id,
        kid: pair.kid,
        publicKey: storedPublicKey(pair),
        sealedPrivateKey: pair.sealedPrivateKey,
        sealedRecoveryKey: pair.sealedRecoveryKey,
        createdAt,
      });
    }
    const clinicKey = keys.records;
    await createRecordsKey(trx, { kid: clinicKey.kid, publicKey: storedPublicKey(clinicKey), createdBy: null, createdAt });
    /** Sealed to both people and the clinic, as a member's browser seals it. */
    const sealed = (sender: User, receiver: User, text: string) =>
      sealMessage(
        { text },
        [keys.members.get(sender.username)!, keys.members.get(receiver.username)!, clinicKey].map((pair) => ({ kid: pair.kid, publicKey: pair.publicKey })),
      );

    const [vance, okafor] = doctors as [User, User];
    const [alex, jordan, sam, riley] = patients as [User, User, User, User];
    const priced = await seedDemoServices(trx, createdAt);
    await seedDemoRate(trx, riley.id, priced, createdAt);

    /** A weekday `offset` days from today, at `hour` o'clock in the clinic's time zone. */
    const clinicTime = (offset: number, hour: number) => {
      const today = new TZDate(now, zone);
      let day = addDays(today, offset);
      if (offset !== 0) while (isWeekend(day)) day = addDays(day, offset > 0 ? 1 : -1);
      return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, zone);
    };
    const book = async (patient: User, doctor: User, start: Date, title: string, status: "scheduled" | "completed" | "no_show", service: DemoServiceKey) => {
      await beginCare(trx, { doctorId: doctor.id, patientId: patient.id, since: createdAt, origin: "booking" });
      return insertAppointment(trx, {
        ...priced[service],
        patientId: patient.id,
        doctorId: doctor.id,
        title,
        description: status === "scheduled" ? "Weekly session" : null,
        startTime: storedInstant(start),
        endTime: storedInstant(start.getTime() + 60 * 60 * 1000),
        status,
        createdAt,
      });
    };

    // Alex's six weekly sessions with Dr. Vance, each with notes and a rising rating.
    const ratings = [4, 5, 5, 6, 7, 8];
    const charged: { id: number; feeMinor: number; endedAt: string }[] = [];
    for (const [index, notes] of ALEX_NOTES.entries()) {
      const start = clinicTime(-7 * (ALEX_NOTES.length - index), 10);
      const appointmentId = await book(alex, vance, start, "Individual therapy", "completed", "individual");
      charged.push({ id: appointmentId, feeMinor: priced.individual.feeMinor, endedAt: storedInstant(start.getTime() + 60 * 60 * 1000) });
      const [subjective, objective, assessment, plan] = ALEX_SOAP[index]!;
      const note = {
        appointmentId,
        patientId: alex.id,
        doctorId: vance.id,
        progressRating: ratings[index] ?? 5,
        sessionNotes: notes,
        soap: { subjective, objective, assessment, plan },
        createdAt: storedInstant(start.getTime() + 60 * 60 * 1000),
      };
      const id = await insertTreatmentSession(trx, note);
      if (index === ALEX_NOTES.length - 1) continue; // Dr. Vance has yet to finish and sign the latest.
      const signature = { signedBy: vance.id, signedAt: storedInstant(start.getTime() + 2 * 60 * 60 * 1000) };
      await signNote(trx, id, note, { ...signature, contentHash: noteContentHash({ id, ...note }, signature) });
    }
    // Alex, Jordan and Sam filled in their intake and signed both consents before their first
    // session; Riley has not yet: they book first, and the forms are due before the first session.
    const consents = await currentConsentDocuments(trx);
    for (const [patient, intake] of [
      [alex, DEMO_INTAKE.alex],
      [jordan, DEMO_INTAKE.jordan],
      [sam, DEMO_INTAKE.sam],
    ] as const) {
      await saveIntakeForm(trx, patient.id, { ...intake, updatedAt: createdAt });
      for (const consent of consents) {
        await insertConsentSignature(trx, {
          patientId: patient.id,
          documentId: consent.id,
          typedName: `${patient.firstName} ${patient.lastName}`,
          bodyHash: consent.bodyHash,
          ip: null,
          signedAt: createdAt,
        });
      }
    }

    await book(alex, vance, clinicTime(2, 10), "Individual therapy", "scheduled", "individual");
    await book(alex, vance, clinicTime(9, 10), "Individual therapy", "scheduled", "individual");
    await book(jordan, vance, clinicTime(0, 15), "Initial consultation", "scheduled", "intake");
    await book(sam, vance, clinicTime(1, 11), "Individual therapy", "scheduled", "individual");
    await book(jordan, okafor, clinicTime(3, 14), "Couples therapy", "scheduled", "couples");
    await seedDemoLedger(trx, services.config.billing, { patientId: alex.id, sessions: charged, adminId: admin.id });
    // Sam missed his first session last week: its fee waits for Dr. Vance.
    const missed = clinicTime(-5, 11);
    const missedId = await book(sam, vance, missed, "Individual therapy", "no_show", "individual");
    await seedDemoNoShowFee(trx, services.config.billing, {
      id: missedId,
      patientId: sam.id,
      feeMinor: priced.individual.feeMinor,
      endedAt: storedInstant(missed.getTime() + 60 * 60 * 1000),
    });

    const conversation = [
      [alex, vance, "Hi Dr. Vance, the breathing exercise helped before my presentation today."],
      [vance, alex, "That's wonderful to hear, Alex. Let's talk about what else went well on Thursday."],
      [jordan, vance, "Looking forward to our first session. Is there anything I should prepare?"],
    ] as const;
    for (const [index, [sender, receiver, content]] of conversation.entries()) {
      await appendMessage(trx, {
        senderId: sender.id,
        receiverId: receiver.id,
        content: await sealed(sender, receiver, content),
        createdAt: new Date(now.getTime() - (conversation.length - index) * 60 * 60 * 1000).toISOString(),
      });
      // Dr. Vance has read Alex's first message; the rest wait to be read.
      if (index === 0) await markConversationRead(trx, receiver.id, sender.id, createdAt);
    }
  });
  return true;
}
