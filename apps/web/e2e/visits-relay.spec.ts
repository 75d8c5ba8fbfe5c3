// A video visit forced through a TURN relay (iceTransportPolicy "relay": no direct path is even
// tried), with the short-lived credentials the clinic server issues from its TURN_SECRET. The relay
// is Debian's coturn, started here on loopback in use-auth-secret mode; CI installs it (.ci/run).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

import { expect, test } from "@playwright/test";

import { freePort, startClinicServer, type ClinicServer } from "./clinic-server";
import { DEMO } from "./support";
import { expectPlaying, join, signedInPage, startInstantVisit } from "./visit-support";

const TURN_SECRET = "a-relay-secret-for-the-test";
const turnserver = spawnSync("sh", ["-c", "command -v turnserver"], { encoding: "utf8" }).stdout.trim();

test.describe("a video visit through a TURN relay", () => {
  test.skip(!turnserver, "coturn's turnserver is not installed (CI installs it: apt-get install coturn)");

  let relay: ChildProcess;
  let relayLog = "";
  let clinic: ClinicServer;

  test.beforeAll(async () => {
    const port = await freePort();
    relay = spawn(
      turnserver,
      [
        "-n",
        "--listening-ip=127.0.0.1",
        "--relay-ip=127.0.0.1",
        `--listening-port=${port}`,
        "--min-port=49160",
        "--max-port=49200",
        "--use-auth-secret",
        `--static-auth-secret=${TURN_SECRET}`,
        "--realm=halcyon.test",
        "--fingerprint",
        // Both browsers are on this machine: the relay must be allowed to reach loopback peers.
        "--allow-loopback-peers",
        "--no-cli",
        "--no-tls",
        "--no-dtls",
        "--log-file=stdout",
        "--verbose",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    relay.stdout?.on("data", (chunk: Buffer) => (relayLog += chunk.toString()));
    relay.stderr?.on("data", (chunk: Buffer) => (relayLog += chunk.toString()));
    await expect.poll(() => relayLog, { timeout: 15_000 }).toContain("listener opened on");
    clinic = await startClinicServer({ env: { TURN_URLS: `turn:127.0.0.1:${port}?transport=udp`, TURN_SECRET } });
  });

  test.afterAll(async () => {
    await clinic?.stop();
    relay?.kill("SIGTERM");
  });

  test("connects with the credentials the clinic issued, through the relay only", async ({ browser }) => {
    test.setTimeout(120_000);
    const doctor = await signedInPage(browser, clinic.baseURL, DEMO.doctor);
    const patient = await signedInPage(browser, clinic.baseURL, DEMO.patient);
    const visitId = await startInstantVisit(doctor, patient);

    await patient.goto(`/visits/${visitId}?relay`);
    await join(patient);
    await doctor.goto(`/visits/${visitId}?relay`);
    await join(doctor);
    await doctor.getByRole("button", { name: "Admit" }).click();

    await expectPlaying(patient.getByLabel("Video of Eleanor"));
    await expectPlaying(doctor.getByLabel("Video of Alex"));
    await expect(doctor.getByRole("status").filter({ hasText: "Connected" })).toBeVisible();
    // The relay allocated for both parties, each under the username the clinic issued them ("expiry:userId").
    const doctorId = (await (await doctor.request.get("/api/user")).json()).id;
    const patientId = (await (await patient.request.get("/api/user")).json()).id;
    for (const id of [doctorId, patientId]) expect(relayLog).toMatch(new RegExp(`user <\\d+:${id}>: incoming packet ALLOCATE processed, success`));
  });
});
