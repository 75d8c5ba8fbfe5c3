// The clinic's records key, made in an admin's browser: the public half goes to the server (every
// message is sealed to it too); the private half is handed to the admin as a file, to keep off
// line for lawful records requests. Halcyon never stores it.
import { newKeyPair } from "@halcyon/sealed";

import { trpcClient } from "../trpc";

/** Makes the key pair, saves the private half as a file, then sets the public half; answers its id. */
export async function createRecordsKey(clinicName: string): Promise<string> {
  const pair = await newKeyPair();
  const file = new Blob([JSON.stringify({ ...pair.privateKey, use: "enc", alg: "ECDH-ES+A256KW" }, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = `${clinicName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-records-key-${pair.kid.slice(0, 8)}.jwk.json`;
  link.click();
  URL.revokeObjectURL(link.href);
  const saved = await trpcClient.keys.setRecordsKey.mutate({ publicKey: pair.publicKey });
  // The server names the key by the thumbprint it computes: the same as this browser's, or it kept another key.
  if (saved.kid !== pair.kid) throw new Error("The server kept another key than the one made here.");
  return saved.kid;
}
