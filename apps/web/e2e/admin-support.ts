import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { DEMO, postSignIn } from "./support";

/** A unique suffix, so tests that share the server's database never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export type NewAccount = {
  id: number;
  username: string;
  oneTimePassword: string;
  firstName: string;
  lastName: string;
};

/**
 * Creates an account with a one-time password through the admin's REST door, on a request context
 * of its own (so the page's cookies are untouched).
 */
export async function createAccountAsAdmin(request: APIRequestContext, role: "patient" | "doctor" | "admin" = "patient"): Promise<NewAccount> {
  const suffix = uniqueSuffix();
  const login = await postSignIn(request, DEMO.admin);
  expect(login.status(), await login.text()).toBe(200);
  const firstName = "Wren";
  const lastName = "Ashby";
  const response = await request.post("/api/admin/users", {
    data: {
      username: `wren.${suffix}`,
      role,
      firstName,
      lastName,
      phoneNumber: "(555) 010-4040",
      dateOfBirth: "1988-03-12",
      ...(role === "doctor" ? { specialization: "Mindfulness & Wellness" } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: { id: number; username: string }; oneTimePassword: string };
  await request.post("/api/logout");
  return { id: body.user.id, username: body.user.username, oneTimePassword: body.oneTimePassword, firstName, lastName };
}

/** Signs in through the page's own cookie jar (REST), for a session that the page then uses. */
export async function signInAs(page: Page, username: string, password: string): Promise<void> {
  const response = await postSignIn(page.request, { username, password });
  expect(response.status(), await response.text()).toBe(200);
}

/** The id of an account, looked up by username through the admin's REST door on a request context of its own. */
export async function accountIdOf(request: APIRequestContext, username: string): Promise<number> {
  await postSignIn(request, DEMO.admin);
  const response = await request.get(`/api/admin/users?search=${encodeURIComponent(username)}`);
  const { users } = (await response.json()) as { users: { id: number; username: string }[] };
  await request.post("/api/logout");
  const found = users.find((user) => user.username === username);
  if (!found) throw new Error(`no account ${username}`);
  return found.id;
}

/**
 * A doctor's emergency access to a patient's record, asked for on a request context of its own.
 * One already open (from an earlier run of the same screen) is as good.
 */
export async function openInEmergency(request: APIRequestContext, doctor: string, patientId: number, reason: string): Promise<void> {
  const login = await postSignIn(request, { username: doctor, password: DEMO.doctor.password });
  expect(login.status(), await login.text()).toBe(200);
  const response = await request.post("/api/emergency-access", { data: { patientId, reason } });
  expect([200, 409], await response.text()).toContain(response.status());
  await request.post("/api/logout");
}
