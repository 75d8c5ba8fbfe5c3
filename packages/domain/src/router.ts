import { accountRouter } from "./account/account.router";
import { adminRouter } from "./admin/admin.router";
import { appointmentsRouter } from "./appointments/appointments.router";
import { authRouter } from "./auth/auth.router";
import { calendarRouter } from "./calendar/calendar.router";
import { careRouter } from "./care/care.router";
import { clinicRouter } from "./clinic/clinic.router";
import { doctorsRouter } from "./doctors/doctors.router";
import { emergencyAccessRouter } from "./emergency-access/emergency-access.router";
import { messagesRouter } from "./messages/messages.router";
import { noticesRouter } from "./notices/notices.router";
import { measuresRouter } from "./measures/measures.router";
import { intakeRouter } from "./intake/intake.router";
import { patientsRouter } from "./patients/patients.router";
import { treatmentSessionsRouter } from "./treatment-sessions/treatment-sessions.router";
import { createCallerFactory, router } from "./trpc";
import { visitsRouter } from "./visits/visits.router";
import { keysRouter } from "./keys/keys.router";
import { deliveryLogRouter } from "./notices/delivery-log.router";
import { billingRouter } from "./billing/billing.router";
import { paymentsRouter } from "./payments/payments.router";
import { diagnosesRouter } from "./diagnoses/diagnoses.router";
import { billingDocumentsRouter } from "./billing-documents/billing-documents.router";
import { waitlistRouter } from "./waitlist/waitlist.router";
import { partiesRouter } from "./parties/parties.router";
import { seriesRouter } from "./series/series.router";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  clinic: clinicRouter,
  doctors: doctorsRouter,
  appointments: appointmentsRouter,
  treatmentSessions: treatmentSessionsRouter,
  patients: patientsRouter,
  care: careRouter,
  emergencyAccess: emergencyAccessRouter,
  calendar: calendarRouter,
  messages: messagesRouter,
  measures: measuresRouter,
  intake: intakeRouter,
  admin: adminRouter,
  visits: visitsRouter,
  keys: keysRouter,
  notices: noticesRouter,
  deliveryLog: deliveryLogRouter,
  billing: billingRouter,
  payments: paymentsRouter,
  diagnoses: diagnosesRouter,
  billingDocuments: billingDocumentsRouter,
  waitlist: waitlistRouter,
  parties: partiesRouter,
  series: seriesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
