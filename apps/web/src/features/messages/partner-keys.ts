// Which key of each partner this browser has seen (its thumbprint, computed here from the key), so
// that a change can be pointed out.
const keyName = (me: number, partnerId: number) => `halcyon.partner-key.${me}.${partnerId}`;

/** "first": never seen; "same": as seen; "changed": another key than the one seen before. */
export function keyChangeOf(me: number, partnerId: number, thumbprint: string, storage: Pick<Storage, "getItem"> = localStorage): "first" | "same" | "changed" {
  const seen = storage.getItem(keyName(me, partnerId));
  if (seen === null) return "first";
  return seen === thumbprint ? "same" : "changed";
}

export function rememberPartnerKey(me: number, partnerId: number, thumbprint: string, storage: Pick<Storage, "setItem"> = localStorage): void {
  storage.setItem(keyName(me, partnerId), thumbprint);
}
