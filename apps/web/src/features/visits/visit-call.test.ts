import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { VisitCall, type Role } from "./visit-call";

/** A stand-in for the browser's RTCPeerConnection: records what the call asks of it. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = "new";
  localDescription: { type: string; sdp: string; toJSON: () => RTCSessionDescriptionInit } | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  tracks: unknown[] = [];
  candidates: RTCIceCandidateInit[] = [];
  restarts = 0;
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => Promise<void>) | null = null;

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  async setLocalDescription() {
    const type = this.remoteDescription?.type === "offer" ? "answer" : "offer";
    const description = { type, sdp: `${type} ${this.restarts}` };
    this.localDescription = { ...description, toJSON: () => description as RTCSessionDescriptionInit };
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new Error("no remote description yet");
    this.candidates.push(candidate);
  }
  restartIce() {
    this.restarts += 1;
  }
  close() {
    this.closed = true;
  }
  /** The browser's connection moves to `state`. */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const VISIT = 7;
const track = (kind: string) => ({ kind, enabled: true });
const localStream = { getTracks: () => [track("audio"), track("video")], getAudioTracks: () => [track("audio")], getVideoTracks: () => [track("video")] };

function aCall(role: Role) {
  const sent: { type: string; data: { visitId: number; payload?: Record<string, unknown> } }[] = [];
  const call = new VisitCall({
    visitId: VISIT,
    role,
    iceServers: [{ urls: "stun:stun.example:3478" }],
    localStream: localStream as unknown as MediaStream,
    send: (frame) => {
      sent.push(frame as (typeof sent)[number]);
      return true;
    },
    onChange: () => undefined,
  });
  const signals = () => sent.filter((frame) => frame.type === "visit_signal").map((frame) => frame.data.payload ?? {});
  return { call, sent, signals };
}

const signal = (payload: unknown) => ({ type: "visit_signal" as const, data: { visitId: VISIT, fromUserId: 2, payload } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the doctor's side of a visit", () => {
  it("offers when the admitted patient is in the room, and takes only the answer to that offer", async () => {
    const { call, signals } = aCall("doctor");
    call.hear({ type: "visit_joined", data: { visitId: VISIT, role: "doctor", admitted: true, otherPresent: true } });
    const [pc] = FakePeerConnection.made;
    expect(pc?.tracks).toHaveLength(2);
    expect(pc?.config.iceServers).toEqual([{ urls: "stun:stun.example:3478" }]);
    await pc?.onnegotiationneeded?.();
    const [offer] = signals();
    expect(offer).toMatchObject({ description: { type: "offer" }, callId: expect.any(String) });

    call.hear(signal({ callId: "an-old-call", description: { type: "answer", sdp: "stale" } }));
    await settle();
    expect(pc?.remoteDescription).toBeNull();
    call.hear(signal({ callId: offer?.callId, description: { type: "answer", sdp: "fresh" } }));
    await settle();
    expect(pc?.remoteDescription).toEqual({ type: "answer", sdp: "fresh" });
    call.close();
  });

  it("waits for the admission before offering, and calls anew when the patient comes back", () => {
    const { call } = aCall("doctor");
    call.hear({ type: "visit_joined", data: { visitId: VISIT, role: "doctor", admitted: false, otherPresent: true } });
    expect(FakePeerConnection.made).toHaveLength(0);
    call.hear({ type: "visit_admit", data: { visitId: VISIT, fromUserId: 1 } });
    expect(FakePeerConnection.made).toHaveLength(1);
    call.hear({ type: "visit_leave", data: { visitId: VISIT, fromUserId: 2 } });
    expect(FakePeerConnection.made[0]?.closed).toBe(true);
    // The doctor is told the patient left, not that they have yet to come.
    expect(call.state).toMatchObject({ otherPresent: false, otherLeft: true });
    call.hear({ type: "visit_join", data: { visitId: VISIT, fromUserId: 2 } });
    expect(call.state).toMatchObject({ otherPresent: true, otherLeft: false });
    expect(FakePeerConnection.made).toHaveLength(2);
    // Another visit's news is not this call's.
    call.hear({ type: "visit_end", data: { visitId: VISIT + 1, fromUserId: 1 } });
    expect(call.state.phase).toBe("in-room");
    call.hear({ type: "visit_end", data: { visitId: VISIT, fromUserId: 1 } });
    expect(call.state.phase).toBe("ended");
    expect(FakePeerConnection.made[1]?.closed).toBe(true);
  });

  it("restarts ICE by itself when the connection fails, or stays disconnected for two seconds, or the patient asks", async () => {
    const { call, signals } = aCall("doctor");
    call.hear({ type: "visit_joined", data: { visitId: VISIT, role: "doctor", admitted: true, otherPresent: true } });
    const pc = FakePeerConnection.made[0]!;
    await pc.onnegotiationneeded?.();
    const callId = signals()[0]?.callId;
    vi.useFakeTimers();
    pc.become("connected");
    expect(call.state.connection).toBe("Connected");
    pc.become("disconnected");
    expect(call.state.connection).toBe("Reconnecting…");
    vi.advanceTimersByTime(1_900);
    expect(pc.restarts).toBe(0);
    vi.advanceTimersByTime(200);
    expect(pc.restarts).toBe(1);
    pc.become("failed");
    expect(pc.restarts).toBe(2);
    pc.become("connected");
    expect(call.state.connection).toBe("Connected");
    // The patient asks for a restart when their side fails (of this call, not an old one).
    call.hear(signal({ callId: "an-old-call", restart: true }));
    call.hear(signal({ callId, restart: true }));
    await vi.runAllTimersAsync();
    expect(pc.restarts).toBe(3);
    call.close();
  });
});

describe("the patient's side of a visit", () => {
  it("answers the doctor's offer, keeping candidates that came first until it can use them", async () => {
    const { call, signals } = aCall("patient");
    call.hear({ type: "visit_joined", data: { visitId: VISIT, role: "patient", admitted: false, otherPresent: false } });
    expect(call.state).toMatchObject({ phase: "in-room", admitted: false });
    call.hear({ type: "visit_admit", data: { visitId: VISIT, fromUserId: 2 } });
    call.hear(signal({ callId: "call-1", description: { type: "offer", sdp: "offer" } }));
    call.hear(signal({ callId: "call-1", candidate: { candidate: "candidate:1" } }));
    await settle();
    const pc = FakePeerConnection.made[0]!;
    expect(pc.candidates).toEqual([{ candidate: "candidate:1" }]);
    expect(signals()).toEqual([{ callId: "call-1", description: { type: "answer", sdp: "answer 0" } }]);

    // Its own connection fails: it cannot offer, so it asks the doctor to restart.
    pc.become("failed");
    expect(signals().at(-1)).toEqual({ callId: "call-1", restart: true });

    // A new call from the doctor (they reloaded) replaces the connection.
    call.hear(signal({ callId: "call-2", description: { type: "offer", sdp: "offer" } }));
    await settle();
    expect(pc.closed).toBe(true);
    expect(FakePeerConnection.made).toHaveLength(2);
    expect(signals().at(-1)).toMatchObject({ callId: "call-2", description: { type: "answer" } });
    call.close();
  });

  it("is refused in words when the server says no to its join", () => {
    const { call } = aCall("patient");
    call.hear({ type: "error", data: { code: "CONFLICT", message: "This visit has ended." } });
    expect(call.state).toMatchObject({ phase: "refused", refusal: "This visit has ended." });
  });
});
