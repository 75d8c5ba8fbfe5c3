// A file attached to a message: encrypted with a fresh AES-256-GCM key of its own, uploaded as
// IV (12 bytes) + ciphertext + tag (16 bytes). The key travels only inside the message's sealed
// content (an AttachmentRef), so whoever can open the message can open the file, and nobody else.
const IV_BYTES = 12;

const toBase64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

/** Seals a file's bytes: the bytes to upload, and the key (base64url) that opens them. */
export async function sealFile(bytes: Uint8Array<ArrayBuffer>): Promise<{ sealed: Uint8Array<ArrayBuffer>; key: string }> {
  const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, bytes));
  const sealed = new Uint8Array(IV_BYTES + ciphertext.byteLength);
  sealed.set(iv);
  sealed.set(ciphertext, IV_BYTES);
  return { sealed, key: toBase64url(new Uint8Array(await crypto.subtle.exportKey("raw", key))) };
}

/** Opens what sealFile made with its key; throws when either is not the other's. */
export async function openFile(sealed: Uint8Array<ArrayBuffer>, key: string): Promise<Uint8Array<ArrayBuffer>> {
  const aesKey = await crypto.subtle.importKey("raw", fromBase64url(key), { name: "AES-GCM" }, false, ["decrypt"]);
  return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: sealed.subarray(0, IV_BYTES) }, aesKey, sealed.subarray(IV_BYTES)));
}
