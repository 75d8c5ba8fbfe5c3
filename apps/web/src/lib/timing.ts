// The delays the specification fixes, in one place, named for what they wait for.

/** After a sign-in, the welcome toast gets this long before the app moves on. */
export const AFTER_LOGIN_NAVIGATE_MS = 200;
/** After registration, the cached user is re-read from the server this much later. */
export const AFTER_REGISTER_REFRESH_MS = 100;
/** A signed-out visitor of a protected page reads the toast this long before being sent to sign in. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
/** The landing page's splash stays this long, then fades for SPLASH_FADE_MS before it is removed. */
export const SPLASH_VISIBLE_MS = 2000;
export const SPLASH_FADE_MS = 1000;
/** Reads are fresh this long unless a query says otherwise. */
export const DEFAULT_STALE_TIME_MS = 5000;
/** The signed-in user changes rarely: it stays fresh five minutes. */
export const CURRENT_USER_STALE_TIME_MS = 5 * 60 * 1000;
