import type { RouteObject } from "react-router-dom";

/**
 * The administration's screens under /admin, each its own chunk. The router mounts them inside
 * the admin-only guard; the dashboard itself is also what admins see on "/".
 */
export const adminRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./admin-page")).AdminPage }) },
  { path: "users", lazy: async () => ({ Component: (await import("./users-page")).UsersPage }) },
  { path: "users/new", lazy: async () => ({ Component: (await import("./new-user-page")).NewUserPage }) },
  { path: "doctors", lazy: async () => ({ Component: (await import("./doctors-page")).DoctorsPage }) },
  { path: "logs", lazy: async () => ({ Component: (await import("./system-log-page")).SystemLogPage }) },
  { path: "settings", lazy: async () => ({ Component: (await import("./settings-page")).SettingsPage }) },
];
