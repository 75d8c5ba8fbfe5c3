// The package against plain `jose`, as anyone with a standard JWE library and the right key would
// read what it seals: a message opened by the receiver's private key and by the clinic's records
// key, a sealed private key opened with the password alone; and what must not open does not.
import { compactDecrypt, decodeProtectedHeader, generalDecrypt, importJWK } from "jose";
import { describe, expect, it } from "vitest";

import {
  KeyMismatchError,
  keyIdOf,
  keyMatchesId,
  newKeyPair,
  newRecoveryCode,
  normalizeRecoveryCode,
  openFile,
  openMessage,
  openPrivateKey,
  recipientsOf,
  safetyNumber,
  sealFile,
  sealMessage,
  sealPrivateKey,
  unextractableKey,
  verifiedKey,
  type MemberKeyPair,
} from "../src/index";

const publicOf = (pair: MemberKeyPair) => ({ kid: pair.kid, publicKey: pair.publicKey });
const words = "I slept better this week; the evening walk helped more than I expected.";

describe("a sealed message", () => {
  it("opens with plain jose for the receiver and for the clinic's records key, and names each recipient's kid", async () => {
    const [sender, receiver, clinic, stranger] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair(), newKeyPair()]);
    const content = await sealMessage({ text: words }, [publicOf(sender), publicOf(receiver), publicOf(clinic)]);
    expect(content).not.toContain("slept");
    const jwe = JSON.parse(content);
    expect(decodeProtectedHeader(jwe)).toMatchObject({ enc: "A256GCM" });
    // Each recipient: its algorithm, its key's id, and the ephemeral public key of the key agreement.
    expect(jwe.recipients.map((r: { header: { alg: string; kid: string } }) => r.header)).toEqual(
      [sender, receiver, clinic].map((pair) => ({ alg: "ECDH-ES+A256KW", kid: pair.kid, epk: expect.objectContaining({ kty: "EC", crv: "P-256" }) })),
    );
    expect(recipientsOf(content)).toEqual([sender.kid, receiver.kid, clinic.kid]);

    for (const holder of [receiver, clinic, sender]) {
      const { plaintext } = await generalDecrypt(jwe, await importJWK(holder.privateKey, "ECDH-ES+A256KW"));
      expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({ text: words });
    }
    await expect(generalDecrypt(jwe, await importJWK(stranger.privateKey, "ECDH-ES+A256KW"))).rejects.toThrow();
    await expect(openMessage(content, { kid: stranger.kid, privateKey: stranger.privateKey })).rejects.toThrow(/not sealed to this key/);
  });

  it("opens with the package too, from a key kept unextractable", async () => {
    const [sender, receiver] = await Promise.all([newKeyPair(), newKeyPair()]);
    const attachments = [{ id: 3, name: "sleep-diary.pdf", type: "application/pdf", size: 1024, key: "k".repeat(43) }];
    const content = await sealMessage({ text: words, attachments }, [publicOf(sender), publicOf(receiver)]);
    const kept = await unextractableKey(receiver.privateKey);
    expect(kept.extractable).toBe(false);
    expect(await openMessage(content, { kid: receiver.kid, privateKey: kept })).toEqual({ text: words, attachments });
  });

  it("is recognised only as a JWE with a kid for every recipient", () => {
    for (const other of ["hello", "{}", JSON.stringify({ ciphertext: "x", iv: "y", tag: "z", protected: "p", recipients: [{ header: {} }] }), "[1]"]) {
      expect(recipientsOf(other), other).toBeNull();
    }
  });
});

describe("a sealed private key", () => {
  it("opens with plain jose and the password as typed, PBES2 with 210,000 iterations", async () => {
    const pair = await newKeyPair();
    const password = "lanterns over a quiet harbour ☾";
    const sealed = await sealPrivateKey(pair.privateKey, password);
    expect(decodeProtectedHeader(sealed)).toMatchObject({ alg: "PBES2-HS512+A256KW", enc: "A256GCM", p2c: 210_000, kid: pair.kid });
    // jose opens PBES2 only when asked to, and counts above 10,000 only when allowed.
    const { plaintext } = await compactDecrypt(sealed, new TextEncoder().encode(password), {
      keyManagementAlgorithms: ["PBES2-HS512+A256KW"],
      maxPBES2Count: 210_000,
    });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(pair.privateKey);
    expect(await openPrivateKey(sealed, password)).toEqual(pair.privateKey);
    await expect(openPrivateKey(sealed, "lanterns over a quiet harbour")).rejects.toThrow();
  });

  it("also seals with a recovery code, however the member types it back", async () => {
    const pair = await newKeyPair();
    const code = newRecoveryCode();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}(-[2-9A-HJKMNP-Z]{5}){4}$/);
    const sealed = await sealPrivateKey(pair.privateKey, normalizeRecoveryCode(code), 1_000);
    const typed = code.toLowerCase().replace(/-/g, " ");
    expect(await openPrivateKey(sealed, normalizeRecoveryCode(typed))).toEqual(pair.privateKey);
  });
});

describe("keys and safety numbers", () => {
  it("names a key by its JWK thumbprint, and gives both sides of a conversation the same safety number", async () => {
    const [a, b, c] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair()]);
    expect(await keyIdOf(a.publicKey)).toBe(a.kid);
    expect(a.publicKey).not.toHaveProperty("d");
    const clinic = await newKeyPair();
    const number = await safetyNumber(a.publicKey, b.publicKey, clinic.publicKey);
    expect(number).toMatch(/^\d{5}( \d{5}){11}$/);
    expect(await safetyNumber(b.publicKey, a.publicKey, clinic.publicKey)).toBe(number);
    expect(await safetyNumber(a.publicKey, c.publicKey, clinic.publicKey)).not.toBe(number);
    // Another records key is another number: the two people check the clinic's key too.
    expect(await safetyNumber(a.publicKey, b.publicKey, c.publicKey)).not.toBe(number);
  });

  it("refuses a key swapped under another key's kid, and seals nothing to it", async () => {
    const [sender, receiver, clinic, swapped] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair(), newKeyPair()]);
    // What one SQL update makes of the receiver's key: their kid, someone else's coordinates.
    const forged = { kid: receiver.kid, publicKey: { ...swapped.publicKey, kid: receiver.kid } };
    expect(await keyMatchesId(publicOf(receiver))).toBe(true);
    expect(await keyMatchesId(forged)).toBe(false);
    await expect(verifiedKey(forged)).rejects.toBeInstanceOf(KeyMismatchError);
    await expect(verifiedKey(forged)).rejects.toThrow(`The public key handed out as ${receiver.kid} is not the key that id names`);
    await expect(sealMessage({ text: words }, [publicOf(sender), forged, publicOf(clinic)])).rejects.toBeInstanceOf(KeyMismatchError);
    // Nor a key of another kind under a kid computed on the side.
    const notP256 = { kid: receiver.kid, publicKey: { ...receiver.publicKey, crv: "P-384" } };
    expect(await keyMatchesId(notP256)).toBe(false);
  });

  it("gives another safety number when a key changes under the same kid", async () => {
    const [me, partner, clinic, swapped] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair(), newKeyPair()]);
    const forged = { ...swapped.publicKey, kid: partner.kid };
    expect(await safetyNumber(me.publicKey, forged, clinic.publicKey)).not.toBe(await safetyNumber(me.publicKey, partner.publicKey, clinic.publicKey));
    expect(await safetyNumber(me.publicKey, forged, clinic.publicKey)).toBe(await safetyNumber(me.publicKey, swapped.publicKey, clinic.publicKey));
    const forgedClinic = { ...swapped.publicKey, kid: clinic.kid };
    expect(await safetyNumber(me.publicKey, partner.publicKey, forgedClinic)).not.toBe(await safetyNumber(me.publicKey, partner.publicKey, clinic.publicKey));
  });
});

describe("attached files", () => {
  it("seal with a key of their own that opens them, and nothing else does", async () => {
    const bytes = new TextEncoder().encode("Sleep diary, week 3: six nights of seven.".repeat(50));
    const { sealed, key } = await sealFile(bytes);
    expect(sealed.byteLength).toBe(bytes.byteLength + 28);
    expect(Buffer.from(sealed).includes(Buffer.from("Sleep diary"))).toBe(false);
    expect(await openFile(sealed, key)).toEqual(bytes);

    const other = await sealFile(bytes);
    await expect(openFile(sealed, other.key)).rejects.toThrow();
    const tampered = sealed.slice();
    tampered[40]! ^= 1;
    await expect(openFile(tampered, key)).rejects.toThrow();
  });
});
