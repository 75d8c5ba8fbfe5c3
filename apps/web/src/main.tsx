// First: zod is configured before anything imports it.
import "./lib/zod-without-eval";
import "./index.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";

import { startFirstReads } from "./app/first-reads";
import { AppProviders } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { router } from "./app/router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
startFirstReads(queryClient);

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
