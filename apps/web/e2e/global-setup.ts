import { startClinicServer } from "./clinic-server";
import { assertPortFree } from "./port-check";

/**
 * The shared clinic server of the browser tests. Playwright calls the function returned here
 * when the run ends, whether the tests passed, failed or were interrupted; and the server ends
 * with this process even if the run is killed (see serve.mjs).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4173);
  await assertPortFree(port);
  const server = await startClinicServer({ port, logs: true });
  return server.stop;
}
