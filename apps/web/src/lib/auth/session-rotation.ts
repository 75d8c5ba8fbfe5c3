// A password change replaces the session: the server ends every session of the member (the old
// cookie with them) and answers with a new cookie. Requests that left with the old cookie in the
// meantime (a socket noticing its session ended, a badge refreshing) are refused, and the
// server's refusal also clears the cookie, which can land after the new one and wipe it. While
// the session turns over, such refusals are expected: they neither sign the member out here nor
// send them to sign in, and the rotation makes sure it ends with a working session.

let rotations = 0;

/** True while a session is being replaced on purpose (see `rotateSession`). */
export function isSessionRotating(): boolean {
  return rotations > 0;
}

export type SessionRotation<User> = {
  /** The call that replaces the session (changing the password); answers the member. */
  replace: () => Promise<User>;
  /** Who the current cookie belongs to, or null when it is refused. */
  whoAmI: () => Promise<User | null>;
  /** Signs in again with the new credentials: a fresh cookie when a stray refusal wiped the new one. */
  signInAgain: () => Promise<User>;
  /** Pause before each check, so refusals already on their way arrive first. */
  settleMs?: number;
  attempts?: number;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces the session and returns only once a check finds the member signed in on it. */
export async function rotateSession<User>({ replace, whoAmI, signInAgain, settleMs = 250, attempts = 3 }: SessionRotation<User>): Promise<User> {
  rotations += 1;
  try {
    let user = await replace();
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      await pause(settleMs);
      const current = await whoAmI();
      if (current) return current;
      user = await signInAgain();
    }
    return user;
  } finally {
    rotations -= 1;
  }
}
