import { createBrowserRouter } from "react-router-dom";

import { adminRoutes } from "../features/admin/admin-routes";
import { RootLayout } from "./layout/root-layout";
import { OwnDashboardRedirect } from "./own-dashboard-redirect";
import { PageCrashed } from "./page-crashed";
import { RequireAuth } from "./require-auth";
import { RequireRole } from "./require-role";

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
          { index: true, lazy: async () => ({ Component: (await import("./home-route")).HomeRoute }) },
          { path: "team", lazy: async () => ({ Component: (await import("../features/team/team-page")).TeamPage }) },
          { path: "hipaa", lazy: async () => ({ Component: (await import("../features/hipaa/hipaa-page")).HipaaPage }) },
          { path: "auth", lazy: async () => ({ Component: (await import("../features/auth/auth-page")).AuthPage }) },
          {
            Component: RequireAuth,
            children: [
              { path: "dashboard", Component: OwnDashboardRedirect },
              {
                element: <RequireRole roles={["patient"]} />,
                children: [
                  {
                    path: "dashboard/patient",
                    lazy: async () => ({
                      Component: (await import("../features/dashboard/patient-dashboard-page")).PatientDashboardPage,
                    }),
                  },
                  {
                    path: "intake",
                    lazy: async () => ({ Component: (await import("../features/intake/intake-page")).IntakePage }),
                  },
                  {
                    path: "measures/:instrument",
                    lazy: async () => ({ Component: (await import("../features/measures/measure-page")).MeasurePage }),
                  },
                ],
              },
              {
                element: <RequireRole roles={["doctor"]} />,
                children: [
                  {
                    path: "dashboard/doctor",
                    lazy: async () => ({
                      Component: (await import("../features/dashboard/doctor-dashboard-page")).DoctorDashboardPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole roles={["doctor", "admin"]} />,
                children: [
                  {
                    path: "patients",
                    lazy: async () => ({ Component: (await import("../features/patients/patients-page")).PatientsPage }),
                  },
                  {
                    path: "patients/:patientId",
                    lazy: async () => ({ Component: (await import("../features/patients/patient-history-page")).PatientHistoryPage }),
                  },
                ],
              },
              {
                path: "appointments",
                lazy: async () => ({
                  Component: (await import("../features/appointments/appointments-page")).AppointmentsPage,
                }),
              },
              {
                path: "account",
                lazy: async () => ({ Component: (await import("../features/account/account-page")).AccountPage }),
              },
              {
                path: "messages",
                lazy: async () => ({ Component: (await import("../features/messages/messages-page")).MessagesPage }),
              },
              {
                path: "visits/:visitId",
                lazy: async () => ({ Component: (await import("../features/visits/visit-page")).VisitPage }),
              },
              {
                element: <RequireRole roles={["admin"]} />,
                children: [{ path: "admin", children: adminRoutes }],
              },
            ],
          },
          {
            path: "*",
            lazy: async () => ({ Component: (await import("../features/not-found/not-found-page")).NotFoundPage }),
          },
        ],
      },
    ],
  },
]);
