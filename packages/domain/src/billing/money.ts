// Money as the clinic keeps it: integer minor units (cents for USD) of the clinic's one
// currency, never floating point. Browser-safe: web and server format amounts with the same
// function, so a patient and an admin read the same figure.

/** The minor-unit digits of a currency (USD 2, JPY 0), as ISO 4217 (through Intl) says. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * `amountMinor` as the currency is written, such as "$1,234.50" or "-$5.00". The amount goes to
 * Intl as an exact decimal string (never divided as a float), so no formatting can show a cent
 * that is not there.
 */
export function formatMoney(amountMinor: number, currency: string, locale = "en-US"): string {
  const digits = minorDigits(currency);
  // Intl.NumberFormat reads a string as an exact decimal (ECMA-402 NumberFormat v3).
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    decimalAmount(amountMinor, currency) as unknown as number,
  );
}

/** `amountMinor` as a plain decimal in major units ("1234.50", "-5.00"): for CSV and other machines. */
export function decimalAmount(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`${amountMinor} is not a whole number of minor units`);
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? "-" : "";
  const magnitude = String(Math.abs(amountMinor)).padStart(digits + 1, "0");
  return sign + (digits === 0 ? magnitude : `${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`);
}

/**
 * Parses what a person types ("120", "120.5", "1,200.00") into minor units, or null when it is
 * not an amount with at most the currency's digits. Strings all the way: "0.1 + 0.2" never happens.
 */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minor = Number(match[1]!.replaceAll(",", "")) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * `percent` (a whole number, 0–100) of `amountMinor`, rounded DOWN to the minor unit. Down, in
 * the patient's favour: a fee stated as 50% is never a cent more than half the session's fee, and
 * what the clinic forgoes by rounding (under one cent) is the patient's, not lost: the fee plus
 * the part not charged is exactly the session's fee. Computed in integers (amount × percent is
 * exact below 2^53), so no float ever decides a cent.
 */
export function percentOf(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`percentOf: ${amountMinor} is not a non-negative whole amount`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percentOf: ${percent} is not a whole percentage`);
  const hundredths = amountMinor * percent;
  // Not Math.floor(hundredths / 100): near 2^53 that division rounds and can cross a whole cent.
  return (hundredths - (hundredths % 100)) / 100;
}
