import { DEFAULT_KDF } from "@halcyon/sealed";
import { CLINIC_DEFAULT_HOURS, type WorkingPeriod } from "./appointments/slots";

/** The clinic's settings the domain needs; the API builds them from its validated environment. */
export interface ClinicConfig {
  clinicName: string;
  clinicTimeZone: string;
  /** Where people reach the clinic (PUBLIC_ORIGIN, or this server's own address): the links a notice carries start with it. */
  publicOrigin: string;
  session: {
    idleTimeoutMs: number;
    absoluteLifetimeMs: number;
  };
  /** A patient's cancellation this close to the session is recorded as late. */
  cancellationWindowMs: number;
  /** How long a freed hour offered from the waitlist is held for the person offered it. */
  waitlistHoldMs: number;
  /** Hours of a doctor who has none of their own. */
  defaultWorkingHours: WorkingPeriod[];
  /**
   * The Argon2id that turns a new member's password into its two secrets (in their browser, or here
   * for a plain-password client); each member keeps the parameters they were created with.
   */
  passwordKdf: { memoryKiB: number; iterations: number; parallelism: number };
  /**
   * Sign-ins (and password checks) one address may have in flight at once: a person signs in one
   * request at a time, and a household or an office behind one address rarely has more than a few.
   */
  signInsAtOncePerAddress: number;
  /** Doctors and admins must sign in in two steps: one without is taken to set it up first. */
  requireStaffTwoStep: boolean;
  /** Where a patient in crisis is pointed (the safety alert of the PHQ-9 shows them at once). */
  crisisResources: { name: string; contact: string; detail?: string }[];
  /** Video visits: the STUN and TURN servers both parties use, and a TURN server that issues short-lived credentials. */
  video: {
    iceServers: IceServer[];
    turn: { urls: string[]; secret: string } | null;
  };
  /** What notices (email, texts) may say and when reminders go (admin settings override the defaults). */
  notices: {
    /** Whether a notice names the clinician: off by default, so a glance at a lock screen tells nothing. */
    nameClinician: boolean;
    /** How long before a session its reminders go, in hours: up to three, longest first (none: no reminders). */
    reminderLeadHours: number[];
    /** Clock times ("HH:MM", in each member's own zone) between which no reminder is due; the same twice means none. */
    quietHours: { start: string; end: string };
  };
  /** Whether the clinic has a text-message provider (TWILIO_*): only then may members opt in to texts. */
  textMessages: boolean;
  /**
   * Card payments through Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); null: the clinic
   * takes payments by hand only. apiUrl points the library at a stand-in (tests, stripe-mock).
   */
  cardPayments: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
  /** The clinic's money (admin settings override the defaults). */
  billing: BillingConfig;
  /** Who the clinic is on superbills and Good Faith Estimates (admin settings; none by default). */
  identity: ClinicIdentity;
}

export interface ClinicIdentity {
  address: string | null;
  /** Tax id, NN-NNNNNNN. */
  ein: string | null;
  /** The organisation's NPI. */
  npi: string | null;
}

export interface BillingConfig {
  /** ISO 4217: the one currency of every fee, entry and payment. */
  currency: string;
  /** A no-show's fee as a whole percentage of the session's agreed fee; null: none. */
  noShowFeePercent: number | null;
  /** A late cancellation's fee as a whole percentage of the session's agreed fee; null: none. */
  lateCancelFeePercent: number | null;
}

/** As RTCIceServer: where a browser finds its way to the other party. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export const DEFAULT_CLINIC_CONFIG: ClinicConfig = {
  clinicName: "Halcyon",
  clinicTimeZone: "America/New_York",
  publicOrigin: "http://localhost:3000",
  session: {
    idleTimeoutMs: 30 * 60 * 1000,
    absoluteLifetimeMs: 12 * 60 * 60 * 1000,
  },
  cancellationWindowMs: 24 * 60 * 60 * 1000,
  waitlistHoldMs: 15 * 60 * 1000,
  defaultWorkingHours: CLINIC_DEFAULT_HOURS,
  passwordKdf: DEFAULT_KDF,
  signInsAtOncePerAddress: 4,
  requireStaffTwoStep: false,
  crisisResources: [
    { name: "988 Suicide & Crisis Lifeline", contact: "Call or text 988", detail: "Free and confidential, any hour of the day (US)" },
    { name: "Emergency services", contact: "Call 911", detail: "If you are in danger now, or someone else is" },
  ],
  video: { iceServers: [], turn: null },
  notices: { nameClinician: false, reminderLeadHours: [48, 2], quietHours: { start: "21:00", end: "08:00" } },
  textMessages: false,
  cardPayments: null,
  billing: { currency: "USD", noShowFeePercent: 100, lateCancelFeePercent: 50 },
  identity: { address: null, ein: null, npi: null },
};
