// The enrolment code a doctor or admin brings when the clinic requires two-step sign-in of staff
// and they have none yet (enrolment.ts). Browser-safe.
import { z } from "zod";

/** Asked for with the step that turns two-step sign-in on; ignored when it is not needed. */
export const enrolmentCodeField = z.string().trim().max(64, "An enrolment code is 16 letters and digits.").optional();
export const enrolmentCodeIssuedSchema = z.object({ enrolmentCode: z.string(), expiresAt: z.string() });
