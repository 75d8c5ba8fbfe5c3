import { createBrowserRouter } from "react-router-dom";

import { adminRoutes } from "../features/admin/admin-routes";
import { RootLayout } from "./layout/root-layout";
import { OwnDashboardRedirect } from "./own-dashboard-redirect";
import { PageCrashed } from "./page-crashed";
import { RequireAuth } from "./require-auth";
import { RequireRole } from "./require-role";
import { lazyPage } from "./lazy-page";

/** The pages an email's links open: one chunk (link-pages.ts). */
const linkPages = () => import("./link-pages");

// Every page is its own chunk, fetched on first visit: the landing page's first load carries only
// the shell (layout, navbar, providers), itself and the few chunks it shares with other pages
// (vite.config.ts).
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    // The shell waits for the first page's code without a spinner flash; it takes milliseconds.
    HydrateFallback: () => null,
    ErrorBoundary: PageCrashed,
    children: [
      {
        // A page that fails shows PageCrashed inside the clinic's header and footer.
        ErrorBoundary: PageCrashed,
        children: [
          { index: true, lazy: lazyPage(() => import("./home-route"), "HomeRoute") },
          { path: "team", lazy: lazyPage(() => import("../features/team/team-page"), "TeamPage") },
          { path: "hipaa", lazy: lazyPage(() => import("../features/hipaa/hipaa-page"), "HipaaPage") },
          { path: "auth", lazy: lazyPage(() => import("../features/auth/auth-page"), "AuthPage") },
          // A reminder's links: Confirm needs no sign-in (the link is the proof); the other signs in first, then comes back.
          {
            path: "appointments/confirm",
            lazy: lazyPage(linkPages, "ConfirmAppointmentPage"),
          },
          {
            path: "appointments/manage",
            lazy: lazyPage(linkPages, "ManageAppointmentPage"),
          },
          // A notice's links: the link is the proof, so they open signed out too.
          { path: "verify-email", lazy: lazyPage(linkPages, "VerifyEmailPage") },
          { path: "reset-password", lazy: lazyPage(linkPages, "ResetPasswordPage") },
          { path: "account/not-me", lazy: lazyPage(linkPages, "NotMePage") },
          {
            path: "notices/unsubscribe",
            lazy: lazyPage(linkPages, "UnsubscribePage"),
          },
          {
            Component: RequireAuth,
            children: [
              { path: "dashboard", Component: OwnDashboardRedirect },
              {
                element: <RequireRole roles={["patient"]} />,
                children: [
                  {
                    path: "dashboard/patient",
                    lazy: lazyPage(() => import("../features/dashboard/patient-dashboard-page"), "PatientDashboardPage"),
                  },
                  {
                    path: "intake",
                    lazy: lazyPage(() => import("../features/intake/intake-page"), "IntakePage"),
                  },
                  {
                    path: "billing",
                    lazy: lazyPage(() => import("../features/billing/billing-page"), "BillingPage"),
                  },
                  {
                    path: "measures/:instrument",
                    lazy: lazyPage(() => import("../features/measures/measure-page"), "MeasurePage"),
                  },
                ],
              },
              {
                element: <RequireRole roles={["doctor"]} />,
                children: [
                  {
                    path: "dashboard/doctor",
                    lazy: lazyPage(() => import("../features/dashboard/doctor-dashboard-page"), "DoctorDashboardPage"),
                  },
                ],
              },
              {
                element: <RequireRole roles={["doctor", "admin"]} />,
                children: [
                  {
                    path: "patients",
                    lazy: lazyPage(() => import("../features/patients/patients-page"), "PatientsPage"),
                  },
                  {
                    path: "patients/:patientId",
                    lazy: lazyPage(() => import("../features/patients/patient-history-page"), "PatientHistoryPage"),
                  },
                ],
              },
              {
                path: "appointments",
                lazy: lazyPage(() => import("../features/appointments/appointments-page"), "AppointmentsPage"),
              },
              {
                path: "account",
                lazy: lazyPage(() => import("../features/account/account-page"), "AccountPage"),
              },
              {
                path: "waitlist",
                lazy: lazyPage(() => import("../features/waitlist/waitlist-page"), "WaitlistPage"),
              },
              {
                path: "messages",
                lazy: lazyPage(() => import("../features/messages/messages-page"), "MessagesPage"),
              },
              {
                path: "appointments/:appointmentId/visit",
                lazy: lazyPage(linkPages, "AppointmentVisitPage"),
              },
              {
                path: "visits/:visitId",
                lazy: lazyPage(() => import("../features/visits/visit-page"), "VisitPage"),
              },
              {
                element: <RequireRole roles={["admin"]} />,
                children: [{ path: "admin", children: adminRoutes }],
              },
            ],
          },
          {
            path: "*",
            lazy: lazyPage(() => import("../features/not-found/not-found-page"), "NotFoundPage"),
          },
        ],
      },
    ],
  },
]);
