// A password change replaces the session: the server ends every session of the member and
// answers with a new cookie. Requests that left with the old cookie in the meantime (a socket
// noticing its session ended, a badge refreshing) are refused. While the session turns over such
// refusals are expected: they neither sign the member out here nor send them to sign in. (The
// server never clears a refused cookie, so a late refusal cannot wipe the new one.)

let rotations = 0;

/** True while a session is being replaced on purpose (see `rotateSession`). */
export function isSessionRotating(): boolean {
  return rotations > 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `replace` (the call that replaces the session) and answers what it answers, treating
 * refusals of the old cookie as expected until `settleMs` after it, so those already on their
 * way arrive while they still are.
 */
export async function rotateSession<User>(replace: () => Promise<User>, settleMs = 250): Promise<User> {
  rotations += 1;
  try {
    const user = await replace();
    await pause(settleMs);
    return user;
  } finally {
    rotations -= 1;
  }
}
