import type { RouteObject } from "react-router-dom";

import { lazyPage } from "../../app/lazy-page";

/**
 * The administration's screens under /admin, each its own chunk. The router mounts them inside
 * the admin-only guard; the dashboard itself is also what admins see on "/".
 */
export const adminRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import("./admin-page"), "AdminPage") },
  { path: "users", lazy: lazyPage(() => import("./users-page"), "UsersPage") },
  { path: "users/new", lazy: lazyPage(() => import("./new-user-page"), "NewUserPage") },
  { path: "doctors", lazy: lazyPage(() => import("./doctors-page"), "DoctorsPage") },
  { path: "delivery-log", lazy: lazyPage(() => import("./delivery-log-page"), "DeliveryLogPage") },
  { path: "logs", lazy: lazyPage(() => import("./system-log-page"), "SystemLogPage") },
  // Billing and its Services tab (billing/services) share one entry: every entry here is in the
  // landing page's first load, whose JavaScript budget has no room for another.
  { path: "billing/*", lazy: lazyPage(() => import("./billing-page"), "BillingPage") },
  { path: "settings", lazy: lazyPage(() => import("./settings-page"), "SettingsPage") },
];
