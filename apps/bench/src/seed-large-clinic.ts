// The large clinic (issue 3): 100 doctors, 20,000 patients, 500,000 appointments over the two
// years before and the six months after the seeding day, 200,000 treatment sessions and a care
// relationship for every doctor–patient pair with an appointment. Written straight into SQLite in
// big transactions (bulk-load.ts), deterministic (a seeded random source), and cached.
//
// The shape of the clinic: sessions start on the hour, 09:00–16:00 in America/New_York, on
// weekdays (the clinic's default hours: no working_hours rows). Each doctor holds a session in
// about 86% of their past hours and in 85% → 35% of their future hours, nearer weeks fuller. Past
// sessions are completed (95%) or no-shows; the rest of the 500,000 are cancellations (a
// cancelled hour may be booked again by someone else). A doctor's patients are those who have
// them as first doctor (200 each) or second doctor (30% of patients); nobody, doctor or patient,
// has two sessions that are not cancelled at one time, so the database's unique indexes on
// scheduled sessions hold, and the past is just as consistent. Every booking names the clinic's
// one service and its agreed fee; the money those sessions left (charges, fees, payments: issue
// 35) is written by seed-ledger.ts.
//
// `pnpm --filter @halcyon/bench exec tsx src/seed-large-clinic.ts` seeds (or reuses) the cached copy on its own.
import { pathToFileURL } from "node:url";
import {
  benchPasswordHash,
  CLINIC_FIRST_HOUR,
  CLINIC_SESSIONS_PER_DAY,
  clinicDate,
  clinicInstant,
  createBulkDatabase,
  DAY_MS,
  dayKey,
  finishBulkLoad,
  FIRST_NAMES,
  HOUR_MS,
  insertRows,
  iso,
  isWeekday,
  LAST_NAMES,
  MINUTE_MS,
  Random,
  selectionSampler,
  type BulkDb,
  wrapBenchVerifiers,
} from "./bulk-load";
import { cachedDatabase, type CachedDatabase } from "./db-cache";
import { feeOf, insertLedger, insertServices, SERVICE_ID, type BillableSession } from "./seed-ledger";
import { formatMs, installCleanupHandlers, progress } from "./support";

export const LARGE_CLINIC = {
  doctors: 100,
  patients: 20_000,
  appointments: 500_000,
  treatmentSessions: 200_000,
  /** Questionnaires each patient completed (issue 19): PHQ-9 and GAD-7 in turn, a fortnight apart. */
  measuresPerPatient: 10,
  pastWeeks: 104,
  futureWeeks: 26,
} as const;

/** Change whenever the seed writes something else: cached copies are rebuilt. */
const SEED_VERSION = "large-clinic-5";

const PAST_OCCUPANCY = 0.86;
const FUTURE_OCCUPANCY_NEAR = 0.85;
const FUTURE_OCCUPANCY_FAR = 0.35;
const SECOND_DOCTOR_SHARE = 0.3;

export const ADMIN_ID = 1;
export const ADMIN_USERNAME = "admin";
/** Doctor k (0-based) and patient i (0-based) as ids and usernames. */
export const doctorId = (k: number) => 2 + k;
export const doctorUsername = (k: number) => `doctor${String(k + 1).padStart(3, "0")}`;
export const patientId = (i: number) => 2 + LARGE_CLINIC.doctors + i;
export const patientUsername = (i: number) => `patient${String(i + 1).padStart(5, "0")}`;
/** The doctor patient i sees first (patients i, i + 100, … share one). */
export const firstDoctorOf = (i: number) => i % LARGE_CLINIC.doctors;

export interface LargeClinicInfo {
  /** The instant the seed took as "now". */
  now: string;
  firstDay: string;
  lastDay: string;
  counts: Record<string, number>;
}

const SPECIALIZATIONS = ["Individual Therapy", "Couples Therapy", "PTSD & Trauma Care", "Mindfulness & Wellness", "Child & Adolescent", "Addiction Recovery"];
const TITLES = ["Weekly session", "Follow-up session", "Initial consultation", "Check-in", "Therapy session", "Progress review"];
const DESCRIPTIONS = ["Weekly session", "Continue the work on sleep and routines", "Review the homework from last time", "Discuss the coping plan", null, null];
const NOTES = [
  "Discussed sleep and work stress; agreed on an evening wind-down routine.",
  "Reviewed the diary. Practised box breathing; homework: two short walks a day.",
  "Worked on reframing two difficult conversations. Good insight, some resistance.",
  "Mood lighter this week. Explored boundaries with family.",
  "Consistent routine for three weeks. Discussed relapse signs and a plan for busy periods.",
  "Setback after a stressful week; reviewed what helped before and adjusted the plan.",
];

function* range(count: number): Generator<number> {
  for (let index = 0; index < count; index += 1) yield index;
}

function insertPeople(db: BulkDb, random: Random, passwordHash: string, clinicOpened: number, patientsSince: number): void {
  const sql = `insert into users (id, username, username_key, password_hash, email, first_name, last_name, phone_number,
    date_of_birth, role, profile_image_url, created_at, deactivated_at, must_change_password) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, null, 0)`;
  const person = (id: number, username: string, role: string, createdAt: number) => [
    id,
    username,
    username,
    passwordHash,
    `${username}@example.test`,
    random.pick(FIRST_NAMES),
    random.pick(LAST_NAMES),
    `(555) 01${random.between(0, 9)}-${String(random.int(10_000)).padStart(4, "0")}`,
    `${random.between(1945, 2006)}-${String(random.between(1, 12)).padStart(2, "0")}-${String(random.between(1, 28)).padStart(2, "0")}`,
    role,
    iso(createdAt),
  ];
  insertRows(db, sql, [person(ADMIN_ID, ADMIN_USERNAME, "admin", clinicOpened)]);
  insertRows(
    db,
    sql,
    (function* () {
      for (const k of range(LARGE_CLINIC.doctors)) yield person(doctorId(k), doctorUsername(k), "doctor", clinicOpened + k * DAY_MS);
    })(),
  );
  insertRows(
    db,
    `insert into doctor_profiles (user_id, specialization, bio) values (?, ?, ?)`,
    (function* () {
      for (const k of range(LARGE_CLINIC.doctors)) yield [doctorId(k), random.pick(SPECIALIZATIONS), "Licensed therapist with over ten years of practice."];
    })(),
  );
  insertRows(
    db,
    sql,
    (function* () {
      for (const i of range(LARGE_CLINIC.patients)) yield person(patientId(i), patientUsername(i), "patient", patientsSince - random.int(365) * DAY_MS);
    })(),
  );
}

/** Each doctor's patients: first-doctor patients and second-doctor patients. */
function panels(random: Random): number[][] {
  const panel: number[][] = Array.from({ length: LARGE_CLINIC.doctors }, () => []);
  for (const i of range(LARGE_CLINIC.patients)) {
    const first = firstDoctorOf(i);
    panel[first]?.push(patientId(i));
    if (random.chance(SECOND_DOCTOR_SHARE)) {
      const second = random.int(LARGE_CLINIC.doctors);
      if (second !== first) panel[second]?.push(patientId(i));
    }
  }
  return panel;
}

interface Completed {
  id: number;
  patient: number;
  doctor: number;
  end: number;
}

export async function seedLargeClinic(file: string, now = Date.now()): Promise<LargeClinicInfo> {
  const random = new Random(20_261_122);
  const passwordHash = await benchPasswordHash();
  const db = await createBulkDatabase(file);
  try {
    const today = dayKey(clinicDate(now));
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
    const firstDay = monday - LARGE_CLINIC.pastWeeks * 7 * DAY_MS;
    const endDay = monday + LARGE_CLINIC.futureWeeks * 7 * DAY_MS;
    const days = [...range((endDay - firstDay) / DAY_MS)].map((n) => firstDay + n * DAY_MS).filter(isWeekday);

    let phase = Date.now();
    insertPeople(db, random, passwordHash, firstDay - 400 * DAY_MS, firstDay - 60 * DAY_MS);
    await wrapBenchVerifiers(db);
    progress(`large-clinic: ${1 + LARGE_CLINIC.doctors + LARGE_CLINIC.patients} users in ${formatMs(Date.now() - phase)}`);

    // Which doctor-hours hold a session that took (or will take) place: decided first, so the
    // cancellations can make the total exactly LARGE_CLINIC.appointments.
    const starts = days.flatMap((day) => [...range(CLINIC_SESSIONS_PER_DAY)].map((h) => clinicInstant(day, CLINIC_FIRST_HOUR + h)));
    const doctorHours = starts.length * LARGE_CLINIC.doctors;
    const held = new Uint8Array(doctorHours);
    const futureSpan = endDay - now;
    let heldCount = 0;
    starts.forEach((start, s) => {
      const occupancy = start < now ? PAST_OCCUPANCY : FUTURE_OCCUPANCY_NEAR - (FUTURE_OCCUPANCY_NEAR - FUTURE_OCCUPANCY_FAR) * ((start - now) / futureSpan);
      for (const k of range(LARGE_CLINIC.doctors)) {
        if (random.chance(occupancy)) {
          held[s * LARGE_CLINIC.doctors + k] = 1;
          heldCount += 1;
        }
      }
    });
    const cancellations = LARGE_CLINIC.appointments - heldCount;
    if (cancellations < 0) throw new Error(`${heldCount} sessions held, more than ${LARGE_CLINIC.appointments} appointments`);
    const isCancelled = selectionSampler(cancellations, doctorHours, random);

    const panel = panels(random);
    const completed: Completed[] = [];
    const billable: BillableSession[] = [];
    insertServices(db, firstDay - 400 * DAY_MS);
    phase = Date.now();
    const appointments = function* (): Generator<unknown[]> {
      let id = 0;
      for (const [s, start] of starts.entries()) {
        const end = start + HOUR_MS;
        const busy = new Set<number>();
        for (const k of range(LARGE_CLINIC.doctors)) {
          const doctor = doctorId(k);
          const patients = panel[k] ?? [];
          // Someone free at this hour, from the doctor's patients.
          const pickPatient = (): number => {
            const offset = random.int(patients.length);
            for (let n = 0; n < patients.length; n += 1) {
              const candidate = patients[(offset + n) % patients.length] ?? 0;
              if (!busy.has(candidate)) {
                busy.add(candidate);
                return candidate;
              }
            }
            throw new Error(`doctor ${doctor} has no free patient at ${iso(start)}`);
          };
          const booked = (lead: number) => Math.min(start - lead, now - random.between(1, 600) * MINUTE_MS);
          const base = (patient: number) => [patient, doctor, random.pick(TITLES), random.pick(DESCRIPTIONS), iso(start), iso(end), SERVICE_ID, feeOf(patient)];

          if (isCancelled()) {
            const patient = pickPatient();
            const createdAt = booked(random.between(1, 60) * DAY_MS + random.int(600) * MINUTE_MS);
            const cancelledAt = createdAt + random.next() * (Math.min(start, now) - createdAt);
            const byPatient = random.chance(0.7);
            const late = byPatient && start - cancelledAt < 24 * HOUR_MS ? 1 : 0;
            id += 1;
            if (late) billable.push({ id, patient, at: cancelledAt, kind: "late_cancellation" });
            yield [id, ...base(patient), "cancelled", null, iso(createdAt), iso(cancelledAt), iso(cancelledAt), byPatient ? patient : doctor, late];
          }
          if (held[s * LARGE_CLINIC.doctors + k]) {
            const patient = pickPatient();
            const createdAt = booked(random.between(1, 60) * DAY_MS + random.int(600) * MINUTE_MS);
            id += 1;
            if (end <= now) {
              const status = random.chance(0.95) ? "completed" : "no_show";
              const updatedAt = Math.min(end + random.int(120) * MINUTE_MS, now);
              if (status === "completed") completed.push({ id, patient, doctor, end });
              billable.push({ id, patient, at: updatedAt, kind: status });
              yield [id, ...base(patient), status, null, iso(createdAt), iso(updatedAt), null, null, 0];
            } else {
              yield [id, ...base(patient), "scheduled", null, iso(createdAt), iso(createdAt), null, null, 0];
            }
          }
        }
      }
    };
    const appointmentCount = insertRows(
      db,
      `insert into appointments (id, patient_id, doctor_id, title, description, start_time, end_time, service_id, fee_minor, status, notes,
        created_at, updated_at, cancelled_at, cancelled_by, late_cancellation) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      appointments(),
    );
    progress(`large-clinic: ${appointmentCount} appointments in ${formatMs(Date.now() - phase)}`);

    phase = Date.now();
    const withNotes = selectionSampler(LARGE_CLINIC.treatmentSessions, completed.length, random);
    insertRows(
      db,
      `insert into treatment_sessions (appointment_id, patient_id, doctor_id, progress_rating, session_notes, created_at) values (?, ?, ?, ?, ?, ?)`,
      (function* () {
        for (const session of completed) {
          if (!withNotes()) continue;
          const writtenAt = Math.min(session.end + random.between(5, 240) * MINUTE_MS, now - MINUTE_MS);
          yield [session.id, session.patient, session.doctor, random.between(3, 9), random.pick(NOTES), iso(writtenAt)];
        }
      })(),
    );
    db.exec(`insert into care_relationships (doctor_id, patient_id, since)
      select doctor_id, patient_id, min(created_at) from appointments group by doctor_id, patient_id`);
    progress(`large-clinic: treatment sessions and care relationships in ${formatMs(Date.now() - phase)}`);

    phase = Date.now();
    insertRows(
      db,
      `insert into measures (patient_id, instrument, answers, score, band, created_at) values (?, ?, ?, ?, ?, ?)`,
      (function* () {
        for (const p of range(LARGE_CLINIC.patients)) {
          for (const m of range(LARGE_CLINIC.measuresPerPatient)) {
            const phq9 = m % 2 === 0;
            const answers = [...range(phq9 ? 9 : 7)].map((item) => (phq9 && item === 8 ? 0 : random.int(4)));
            const score = answers.reduce((sum, answer) => sum + answer, 0);
            const takenAt = now - (LARGE_CLINIC.measuresPerPatient - m) * 14 * DAY_MS - random.int(600) * MINUTE_MS;
            yield [patientId(p), phq9 ? "phq9" : "gad7", JSON.stringify(answers), score, bandOf(phq9, score), iso(takenAt)];
          }
        }
      })(),
    );
    progress(`large-clinic: ${LARGE_CLINIC.patients * LARGE_CLINIC.measuresPerPatient} questionnaires in ${formatMs(Date.now() - phase)}`);

    phase = Date.now();
    const money = insertLedger(db, billable, ADMIN_ID, now);
    progress(`large-clinic: ${money.ledgerEntries} ledger entries, ${money.payments} payments, ${money.pendingFees} fees in ${formatMs(Date.now() - phase)}`);
    // A clinic in its steady state has looked at every patient's Good Faith Estimate since their
    // bookings: otherwise the first minute's sweep of every measurement would look at all 20,000.
    insertRows(
      db,
      `insert into estimate_reviews (patient_id, reviewed_at) values (?, ?)`,
      (function* () {
        for (let p = 0; p < LARGE_CLINIC.patients; p += 1) yield [patientId(p), iso(now)];
      })(),
    );

    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const counts: Record<string, number> = {
      users: count("select count(*) as n from users"),
      doctors: count("select count(*) as n from users where role = 'doctor'"),
      patients: count("select count(*) as n from users where role = 'patient'"),
      appointments: count("select count(*) as n from appointments"),
      scheduled: count("select count(*) as n from appointments where status = 'scheduled'"),
      completed: count("select count(*) as n from appointments where status = 'completed'"),
      cancelled: count("select count(*) as n from appointments where status = 'cancelled'"),
      noShow: count("select count(*) as n from appointments where status = 'no_show'"),
      treatmentSessions: count("select count(*) as n from treatment_sessions"),
      careRelationships: count("select count(*) as n from care_relationships"),
      measures: count("select count(*) as n from measures"),
      ledgerEntries: money.ledgerEntries,
      payments: money.payments,
      pendingFees: money.pendingFees,
      owingPatients: count("select count(*) as n from (select 1 from ledger_entries group by patient_id having sum(amount_minor) > 0)"),
    };
    return { now: iso(now), firstDay: iso(firstDay).slice(0, 10), lastDay: iso(endDay - DAY_MS).slice(0, 10), counts };
  } finally {
    finishBulkLoad(db);
  }
}

/** The band of a PHQ-9 or GAD-7 total, as the domain scores it. */
function bandOf(phq9: boolean, score: number): string {
  if (score < 5) return "Minimal";
  if (score < 10) return "Mild";
  if (score < 15) return "Moderate";
  if (phq9 && score < 20) return "Moderately severe";
  return "Severe";
}

export function largeClinicDatabase(): Promise<CachedDatabase<LargeClinicInfo>> {
  return cachedDatabase({ name: "large-clinic", version: SEED_VERSION, seed: (file) => seedLargeClinic(file) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  installCleanupHandlers();
  const clinic = await largeClinicDatabase();
  process.stdout.write(
    `${JSON.stringify({ file: clinic.file, reused: clinic.reused, seededAt: clinic.seededAt, seedMs: clinic.seedMs, ...clinic.info }, null, 2)}\n`,
  );
}
