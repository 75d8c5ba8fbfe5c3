import { expect, test } from "@playwright/test";

import { DEMO, expectToast, fillLogInForm, fillRegistrationForm, mainNavigation, newPatient, signInQuietly } from "./support";

test.describe("sign-in and registration", () => {
  test("a new patient registers, lands home signed in, signs out and signs in again", async ({ page }) => {
    const patient = newPatient();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Need an account? Create one" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Phone number")).toHaveAttribute("placeholder", "(555) 123-4567");

    await fillRegistrationForm(page, patient);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Welcome to Halcyon!", "Your account has been created successfully.");
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNavigation(page).getByText(patient.firstName)).toBeVisible();

    await mainNavigation(page).getByRole("button", { name: "Sign Out" }).click();
    await expectToast(page, "Goodbye!", "You have been logged out successfully.");
    await expect(mainNavigation(page).getByRole("link", { name: "Log In" })).toBeVisible();

    await mainNavigation(page).getByRole("link", { name: "Log In" }).click();
    await fillLogInForm(page, patient);
    // Hold the answer until the pending state has been seen.
    let answer!: () => void;
    const seen = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/trpc/auth.login*", async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("button", { name: "Signing In..." })).toBeVisible();
    answer();
    await expectToast(page, "Welcome back!", "You have successfully logged in.");
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNavigation(page).getByText(patient.firstName)).toBeVisible();
  });

  test("registration always asks for a patient account", async ({ page }) => {
    const patient = newPatient();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Need an account? Create one" }).click();
    await fillRegistrationForm(page, patient);
    const registration = page.waitForRequest((request) => request.url().includes("/trpc/auth.register"));
    await page.getByRole("button", { name: "Create Account" }).click();
    // tRPC batches calls: the body is keyed by the call's position in the batch.
    expect((await registration).postDataJSON()).toMatchObject({ 0: { role: "patient", username: patient.username } });
  });

  test("empty credentials are refused with the specification's message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Please check the form", "Username and password are required");
    await expect(page.getByLabel("Username")).toBeFocused();
    await expect(page.locator('[data-slot="toast"][data-variant="destructive"]')).toHaveCount(1);
  });

  test("registration asks for the profile fields the specification requires", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Need an account? Create one" }).click();
    await fillLogInForm(page, { username: "someone.new", password: "lanterns over a quiet harbour" });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Please check the form", "First name, last name, phone number, and date of birth are required for registration");
    // Every field missing is marked and says so, not only the first; each takes its mark back as it is filled.
    for (const field of ["First name", "Last name", "Phone number", "Date of birth"]) {
      await expect(page.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(field)).toHaveAccessibleDescription("Required");
    }
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    // On a phone, the field the check focuses is scrolled clear of the fixed header, label and all.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByLabel("First name").fill("Noor");
    await page.getByLabel("Last name").fill("Castellane");
    await page.getByLabel("Phone number").fill("555");
    await page.getByLabel("Date of birth").fill("1990-04-05");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Please check the form", "at least 7 digits");
    const phone = page.getByLabel("Phone number");
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAccessibleDescription("Enter a phone number with at least 7 digits, like (555) 123-4567");
    await expect(page.getByLabel("First name")).not.toHaveAttribute("aria-invalid", "true");
    const header = await page.getByRole("banner").boundingBox();
    const label = await page.getByText("Phone number", { exact: true }).boundingBox();
    expect(label!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

    // What only the server knows marks its field too: a name already taken.
    await phone.fill("(555) 123-4567");
    await page.getByLabel("Username").fill(DEMO.patient.username);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Registration failed", "That username is taken");
    const username = page.getByLabel("Username");
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAccessibleDescription("That username is taken. Please choose another.");
    await expect(username).toBeFocused();
    await page.getByRole("button", { name: "Already have an account? Log in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });

  test("a wrong password says so, and stays on the page", async ({ page }) => {
    await page.goto("/auth");
    await fillLogInForm(page, { username: "nobody.here", password: "not the right one" });
    await page.getByRole("button", { name: "Log In" }).click();
    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
  });

  test("an admin lands on /admin after signing in", async ({ page }) => {
    await page.goto("/auth");
    await fillLogInForm(page, DEMO.admin);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(DEMO.admin.firstName);
  });

  test("a signed-in visitor of /auth is sent home", async ({ page }) => {
    await signInQuietly(page, DEMO.patient);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNavigation(page).getByText(DEMO.patient.firstName)).toBeVisible();
  });

  test("an admin sees the admin dashboard on the home page", async ({ page }) => {
    await signInQuietly(page, DEMO.admin);
    await page.goto("/");
    await expect(page.getByTestId("stat-total-users")).toBeVisible();
    await expect(page.getByTestId("splash")).toHaveCount(0);
  });
});
