// A conversation's safety number: 60 digits in twelve groups of five that two people read to each
// other to check that each holds the other's real key, and the same records key of the clinic
// (every message is sealed to it too). Both sides compute the same number: it comes from the keys
// themselves (their thumbprints, computed here from their coordinates; the two people's in sorted
// order, then the clinic's), never from the ids a server names them by, so a key swapped under
// its old id changes the number.
import type { JWK } from "jose";
import { keyIdOf } from "./keys";

const GROUPS = 12;

export async function safetyNumber(keyA: JWK, keyB: JWK, recordsKey: JWK): Promise<string> {
  const [a, b, records] = await Promise.all([keyIdOf(keyA), keyIdOf(keyB), keyIdOf(recordsKey)]);
  const [first, second] = [a, b].sort();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-512", new TextEncoder().encode(`halcyon-safety-number:${first}:${second}:${records}`)));
  const groups: string[] = [];
  for (let group = 0; group < GROUPS; group += 1) {
    // Five bytes (40 bits) a group, reduced to five digits.
    let value = 0;
    for (let byte = 0; byte < 5; byte += 1) value = value * 256 + (digest[group * 5 + byte] ?? 0);
    groups.push(String(value % 100_000).padStart(5, "0"));
  }
  return groups.join(" ");
}
