// Where a browser finds its way to the other party: the clinic's STUN and TURN servers, and, for
// a TURN server in use-auth-secret mode (coturn), a credential of this party's own that expires
// (the TURN REST convention: username "expiry:userId", credential base64 HMAC-SHA1 of it).
import { createHmac } from "node:crypto";
import type { ClinicConfig, IceServer } from "../config";

/** Long enough for a visit and its reconnections; short enough that a leaked one soon dies (and never past the room's close). */
export const TURN_CREDENTIAL_SECONDS = 6 * 60 * 60;

/** For a party of a room open now until `closesAt`: a TURN credential lives no longer than the room. */
export function iceServersFor(config: ClinicConfig, userId: number, now: Date, closesAt: string): IceServer[] {
  const { iceServers, turn } = config.video;
  if (!turn) return iceServers;
  const expiry = Math.min(Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS, Math.ceil(Date.parse(closesAt) / 1000));
  const username = `${expiry}:${userId}`;
  const credential = createHmac("sha1", turn.secret).update(username).digest("base64");
  return [...iceServers, { urls: turn.urls, username, credential }];
}
