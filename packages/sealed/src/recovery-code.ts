// A recovery code: 25 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown in
// five groups of five; about 125 bits. It seals a second copy of the member's private key.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 25;
const GROUP = 5;

export function newRecoveryCode(): string {
  const chars: string[] = [];
  // Rejection sampling: only bytes below the largest multiple of the alphabet's size, so every character is equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  while (chars.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      if (byte < limit && chars.length < LENGTH) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return chars.map((char, index) => (index > 0 && index % GROUP === 0 ? `-${char}` : char)).join("");
}

/** The code as sealed: what the member types, without spaces, dashes or case. */
export function normalizeRecoveryCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
  return bare.replace(/(.{5})(?=.)/g, "$1-");
}
