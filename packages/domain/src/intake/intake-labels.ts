/** The names of the intake's answers wherever they are read back: the record on the web and in its PDF. */
export const INTAKE_LABELS = {
  reason: "Reason for seeking care",
  medications: "Current medications",
  emergencyContact: "Emergency contact",
} as const;
