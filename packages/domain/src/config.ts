import { CLINIC_DEFAULT_HOURS, type WorkingPeriod } from "./appointments/slots";

/** The clinic's settings the domain needs; the API builds them from its validated environment. */
export interface ClinicConfig {
  clinicName: string;
  clinicTimeZone: string;
  session: {
    idleTimeoutMs: number;
    absoluteLifetimeMs: number;
  };
  /** A patient's cancellation this close to the session is recorded as late. */
  cancellationWindowMs: number;
  /** Hours of a doctor who has none of their own. */
  defaultWorkingHours: WorkingPeriod[];
  /** Doctors and admins must sign in in two steps: one without is taken to set it up first. */
  requireStaffTwoStep: boolean;
  /** Where a patient in crisis is pointed (the safety alert of the PHQ-9 shows them at once). */
  crisisResources: { name: string; contact: string; detail?: string }[];
  /** Video visits: the STUN and TURN servers both parties use, and a TURN server that issues short-lived credentials. */
  video: {
    iceServers: IceServer[];
    turn: { urls: string[]; secret: string } | null;
  };
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
  session: {
    idleTimeoutMs: 30 * 60 * 1000,
    absoluteLifetimeMs: 12 * 60 * 60 * 1000,
  },
  cancellationWindowMs: 24 * 60 * 60 * 1000,
  defaultWorkingHours: CLINIC_DEFAULT_HOURS,
  requireStaffTwoStep: false,
  crisisResources: [
    { name: "988 Suicide & Crisis Lifeline", contact: "Call or text 988", detail: "Free and confidential, any hour of the day (US)" },
    { name: "Emergency services", contact: "Call 911", detail: "If you are in danger now, or someone else is" },
  ],
  video: { iceServers: [], turn: null },
};
