// What every id a client sends must be. Browser-safe.
import { z } from "zod";

/** The largest id either database stores (PostgreSQL's `integer`); a larger one names no record. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id as a client sends it, in a path, a query or a body: a whole number from 1 to
 * MAX_RECORD_ID, so a wrong one is a 400 here rather than an out-of-range error in the database.
 */
export function recordId(notANumber: string, outOfRange = notANumber) {
  return z.coerce.number({ error: notANumber }).int(outOfRange).positive(outOfRange).max(MAX_RECORD_ID, outOfRange);
}

/** The id `what` names, with messages that say which one was wrong. */
export const idOf = (what: string) => recordId(`${what} must be a number`, `${what} must be a positive number`);
