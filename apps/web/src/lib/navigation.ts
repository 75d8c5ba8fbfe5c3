/** The server's sign-in entry: it answers with a redirect to the sign-in page. */
export const SERVER_LOGIN_PATH = "/api/login";

/** Leaves the single-page app for a full page load, as the specification asks for sign-in redirects. */
export function navigateFullPage(path: string): void {
  window.location.assign(path);
}
