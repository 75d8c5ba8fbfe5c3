// The one check of an IANA time zone name, for the environment (CLINIC_TIMEZONE) and the clinic's
// settings alike: whatever the runtime's Intl accepts, since that is what formats and converts.

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
