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
  storedInstant,
  upsertDoctorProfile,
  type User,
} from "@halcyon/db";
import { newKeyPair, newRecoveryCode, sealMessage, sealPrivateKey, type MemberKeyPair } from "@halcyon/sealed";
import { hashPassword } from "../auth/passwords";
import { noteContentHash } from "../treatment-sessions/note-content-hash";
import type { ClinicServices } from "../context";

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
 * Messaging keys for the demo, as each member's browser would make them: the private key sealed
 * with the member's published password (and with a recovery code nobody is shown). The records
 * key's private half is dropped: the demo's conversations are invented, no records request comes.
 */
async function demoKeys(
  usernames: string[],
): Promise<{ records: MemberKeyPair; members: Map<string, MemberKeyPair & { sealedPrivateKey: string; sealedRecoveryKey: string }> }> {
  const [records, ...pairs] = await Promise.all([newKeyPair(), ...usernames.map(() => newKeyPair())]);
  const members = await Promise.all(
    usernames.map(async (username, index) => {
      const pair = pairs[index]!;
      const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
        sealPrivateKey(pair.privateKey, DEMO_ACCOUNTS.get(username)!),
        sealPrivateKey(pair.privateKey, newRecoveryCode()),
      ]);
      return [username, { ...pair, sealedPrivateKey, sealedRecoveryKey }] as const;
    }),
  );
  return { records: records!, members: new Map(members) };
}

/** A public key as the server stores it: the JWK's four members, as PUT /api/keys/me keeps them. */
const storedPublicKey = ({ publicKey: { kty, crv, x, y } }: MemberKeyPair) => JSON.stringify({ kty, crv, x, y });

/** A clinic with no accounts yet: the only kind the demo clinic is ever seeded into. */
export async function isEmptyClinic(services: Pick<ClinicServices, "db">): Promise<boolean> {
  return (await countUsers(services.db)) === 0;
}

export async function seedDemoClinic(services: Pick<ClinicServices, "db" | "now" | "config">): Promise<boolean> {
  if (!(await isEmptyClinic(services))) return false;
  const [adminHash, doctorHash, patientHash] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.doctor),
    hashPassword(DEMO_PASSWORDS.patient),
  ]);
  const keys = await demoKeys([...DOCTORS, ...PATIENTS].map((member) => member.username));
  const now = services.now();
  const createdAt = now.toISOString();
  const zone = services.config.clinicTimeZone;

  await services.db.transaction().execute(async (trx) => {
    const person = { phoneNumber: "(555) 010-2030", email: null, createdAt };
    await insertUser(trx, {
      ...person,
      username: "admin",
      passwordHash: adminHash,
      firstName: "Avery",
      lastName: "Sinclair",
      dateOfBirth: "1980-02-14",
      role: "admin",
    });
    const doctors: User[] = [];
    for (const doctor of DOCTORS) {
      const user = await insertUser(trx, { ...person, ...doctor, passwordHash: doctorHash, dateOfBirth: "1975-05-05", role: "doctor" });
      await upsertDoctorProfile(trx, user.id, doctor.specialization);
      doctors.push(user);
    }
    const patients: User[] = [];
    for (const patient of PATIENTS) {
      patients.push(await insertUser(trx, { ...person, ...patient, passwordHash: patientHash, role: "patient" }));
    }
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
    const [alex, jordan, sam] = patients as [User, User, User];

    /** A weekday `offset` days from today, at `hour` o'clock in the clinic's time zone. */
    const clinicTime = (offset: number, hour: number) => {
      const today = new TZDate(now, zone);
      let day = addDays(today, offset);
      if (offset !== 0) while (isWeekend(day)) day = addDays(day, offset > 0 ? 1 : -1);
      return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, zone);
    };
    const book = async (patient: User, doctor: User, start: Date, title: string, status: "scheduled" | "completed") => {
      await beginCare(trx, { doctorId: doctor.id, patientId: patient.id, since: createdAt, origin: "booking" });
      return insertAppointment(trx, {
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
    for (const [index, notes] of ALEX_NOTES.entries()) {
      const start = clinicTime(-7 * (ALEX_NOTES.length - index), 10);
      const appointmentId = await book(alex, vance, start, "Individual therapy", "completed");
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
    // session; Riley has not yet, and meets the forms at the first booking.
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

    await book(alex, vance, clinicTime(2, 10), "Individual therapy", "scheduled");
    await book(alex, vance, clinicTime(9, 10), "Individual therapy", "scheduled");
    await book(jordan, vance, clinicTime(0, 15), "Initial consultation", "scheduled");
    await book(sam, vance, clinicTime(1, 11), "Individual therapy", "scheduled");
    await book(jordan, okafor, clinicTime(3, 14), "Couples therapy", "scheduled");

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
