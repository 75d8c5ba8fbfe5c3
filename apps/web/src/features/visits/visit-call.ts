// One party's side of a video visit: the room's steps over the tab's socket (join, admit, leave,
// end) and the WebRTC call itself, peer to peer. The doctor always makes the offer and the patient
// answers, so the two never offer at once. Each peer connection the doctor makes has a call id;
// signals of an older call are ignored, and an offer of a new call (the doctor reloaded, or the
// patient came back) replaces the patient's connection. A connection that drops restarts ICE by
// itself; the patient, who cannot offer, asks the doctor to.
import type { RealtimeNotice } from "../../lib/realtime/realtime-hub";

export type Role = "doctor" | "patient";
/** In words, for the screen and for screen readers. */
export type ConnectionWords = "Connecting…" | "Connected" | "Reconnecting…";

export interface CallState {
  /** joining: asked the server; in-room: sat in it; ended: by the doctor; refused: the server said no. */
  phase: "joining" | "in-room" | "ended" | "refused";
  /** The doctor has admitted the patient: the two may talk. Until then the patient waits. */
  admitted: boolean;
  /** The other party is in the room. */
  otherPresent: boolean;
  /** The other party was in the room and left it (they may come back while the visit is open). */
  otherLeft: boolean;
  connection: ConnectionWords;
  remoteStream: MediaStream | null;
  /** What the other party sends: their microphone and camera, as they set them. */
  remoteMedia: { audio: boolean; video: boolean };
  /** Why the server refused (phase refused). */
  refusal: string | null;
}

/** Before the server has answered the join. */
export const JOINING: CallState = {
  phase: "joining",
  admitted: false,
  otherPresent: false,
  otherLeft: false,
  connection: "Connecting…",
  remoteStream: null,
  remoteMedia: { audio: true, video: true },
  refusal: null,
};

type Send = (frame: { type: string; data: unknown }) => boolean;

/** What travels in a visit_signal's payload. */
type Signal =
  | { callId: string; description: RTCSessionDescriptionInit }
  | { callId: string; candidate: RTCIceCandidateInit }
  | { callId: string; media: { audio: boolean; video: boolean } }
  | { callId: string; restart: true };

/** A connection that stays disconnected this long restarts ICE (a dropped Wi-Fi, a new network). */
const RESTART_AFTER_DISCONNECT_MS = 2_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function readSignal(payload: unknown): Signal | null {
  if (!isObject(payload) || typeof payload.callId !== "string") return null;
  return payload as Signal;
}

export interface VisitCallOptions {
  visitId: number;
  role: Role;
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  send: Send;
  onChange: (state: CallState) => void;
  /** For tests of the relay: only TURN candidates. */
  iceTransportPolicy?: RTCIceTransportPolicy;
}

export class VisitCall {
  readonly #options: VisitCallOptions;
  #state: CallState = JOINING;
  #pc: RTCPeerConnection | null = null;
  #callId = "";
  #pendingCandidates: RTCIceCandidateInit[] = [];
  #restartTimer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  constructor(options: VisitCallOptions) {
    this.#options = options;
  }

  get state(): CallState {
    return this.#state;
  }

  /** Enters the room; again each time the socket reconnects (a new socket sits anew, and the doctor offers anew). */
  join(): void {
    this.#frame("visit_join");
  }

  admit(): void {
    this.#frame("visit_admit");
  }

  /** Leaves the room; the call ends on this side. */
  leave(): void {
    if (this.#closed) return;
    this.#frame("visit_leave");
    this.close();
  }

  /** The doctor ends the visit for both. */
  end(): void {
    this.#frame("visit_end");
  }

  /** Tells the other party what this side sends after the microphone or camera changed. */
  shareMedia(): void {
    if (!this.#pc) return;
    const [audio] = this.#options.localStream.getAudioTracks();
    const [video] = this.#options.localStream.getVideoTracks();
    this.#signal({ callId: this.#callId, media: { audio: audio?.enabled ?? false, video: video?.enabled ?? false } });
  }

  close(): void {
    this.#closed = true;
    this.#dropConnection();
  }

  /** Everything the tab's socket hears; what is not about this visit is passed over. */
  hear(notice: RealtimeNotice): void {
    if (this.#closed || notice.type === "connected") return;
    if (notice.type === "error") {
      if (this.#state.phase === "joining") this.#set({ phase: "refused", refusal: notice.data.message });
      return;
    }
    if (!("visitId" in notice.data) || notice.data.visitId !== this.#options.visitId) return;
    switch (notice.type) {
      case "visit_joined": {
        const { admitted, otherPresent } = notice.data;
        this.#set({ phase: "in-room", admitted, otherPresent, otherLeft: false });
        if (this.#options.role === "doctor" && admitted && otherPresent) this.#call();
        return;
      }
      case "visit_waiting":
        this.#set({ otherPresent: true, otherLeft: false });
        return;
      case "visit_join":
        this.#set({ otherPresent: true, otherLeft: false });
        // The patient came (back) into an admitted call: a new connection for them.
        if (this.#options.role === "doctor" && this.#state.admitted) this.#call();
        return;
      case "visit_admit":
        this.#set({ admitted: true });
        if (this.#options.role === "doctor" && this.#state.otherPresent) this.#call();
        return;
      case "visit_leave":
        this.#set({ otherPresent: false, otherLeft: true, remoteStream: null, connection: "Connecting…" });
        this.#dropConnection();
        return;
      case "visit_end":
        this.#set({ phase: "ended" });
        this.close();
        return;
      case "visit_signal":
        void this.#onSignal(readSignal(notice.data.payload));
        return;
    }
  }

  #frame(type: string, payload?: Signal): void {
    this.#options.send({ type, data: { visitId: this.#options.visitId, ...(payload ? { payload } : {}) } });
  }

  #signal(payload: Signal): void {
    this.#frame("visit_signal", payload);
  }

  #set(patch: Partial<CallState>): void {
    this.#state = { ...this.#state, ...patch };
    this.#options.onChange(this.#state);
  }

  /** The doctor: a new connection and its offer. */
  #call(): void {
    this.#dropConnection();
    this.#callId = crypto.randomUUID();
    const pc = this.#connect();
    pc.onnegotiationneeded = async () => {
      try {
        await pc.setLocalDescription();
        if (pc.localDescription) this.#signal({ callId: this.#callId, description: pc.localDescription.toJSON() });
      } catch (error) {
        console.warn("Visit: could not make an offer", error);
      }
    };
    for (const track of this.#options.localStream.getTracks()) pc.addTrack(track, this.#options.localStream);
  }

  #connect(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.#options.iceServers, iceTransportPolicy: this.#options.iceTransportPolicy ?? "all" });
    this.#pc = pc;
    this.#pendingCandidates = [];
    const callId = this.#callId;
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && this.#pc === pc) this.#signal({ callId, candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ streams, track }) => {
      if (this.#pc !== pc) return;
      const stream = streams[0] ?? this.#state.remoteStream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.#set({ remoteStream: stream });
    };
    pc.onconnectionstatechange = () => {
      if (this.#pc !== pc) return;
      this.#onConnectionState(pc);
    };
    return pc;
  }

  #onConnectionState(pc: RTCPeerConnection): void {
    const state = pc.connectionState;
    if (state === "connected") {
      this.#clearRestart();
      this.#set({ connection: "Connected" });
      this.shareMedia();
      return;
    }
    if (state === "disconnected" || state === "failed") {
      this.#set({ connection: "Reconnecting…" });
      if (state === "failed") return this.#restart();
      this.#restartTimer ??= setTimeout(() => {
        this.#restartTimer = null;
        if (this.#pc === pc && pc.connectionState !== "connected") this.#restart();
      }, RESTART_AFTER_DISCONNECT_MS);
      return;
    }
    if (state === "new" || state === "connecting") this.#set({ connection: this.#state.connection === "Connected" ? "Reconnecting…" : "Connecting…" });
  }

  /** An ICE restart: the doctor offers anew on the same connection; the patient asks the doctor to. */
  #restart(): void {
    if (!this.#pc) return;
    if (this.#options.role === "doctor") this.#pc.restartIce();
    else this.#signal({ callId: this.#callId, restart: true });
  }

  async #onSignal(signal: Signal | null): Promise<void> {
    if (!signal) return;
    try {
      if ("description" in signal) return await this.#onDescription(signal.callId, signal.description);
      if (signal.callId !== this.#callId || !this.#pc) return;
      if ("candidate" in signal) {
        if (this.#pc.remoteDescription) await this.#pc.addIceCandidate(signal.candidate);
        else this.#pendingCandidates.push(signal.candidate);
      } else if ("media" in signal) {
        this.#set({ remoteMedia: signal.media });
      } else if ("restart" in signal && this.#options.role === "doctor") {
        this.#pc.restartIce();
      }
    } catch (error) {
      console.warn("Visit: could not use a signal", error);
    }
  }

  async #onDescription(callId: string, description: RTCSessionDescriptionInit): Promise<void> {
    if (this.#options.role === "patient" && description.type === "offer") {
      // A new call replaces the old connection; a restart comes on the same one.
      if (callId !== this.#callId || !this.#pc) {
        this.#dropConnection();
        this.#callId = callId;
        const pc = this.#connect();
        for (const track of this.#options.localStream.getTracks()) pc.addTrack(track, this.#options.localStream);
      }
      const pc = this.#pc!;
      await pc.setRemoteDescription(description);
      await this.#flushCandidates(pc);
      await pc.setLocalDescription();
      if (pc.localDescription) this.#signal({ callId, description: pc.localDescription.toJSON() });
      return;
    }
    if (this.#options.role === "doctor" && description.type === "answer" && callId === this.#callId && this.#pc) {
      await this.#pc.setRemoteDescription(description);
      await this.#flushCandidates(this.#pc);
    }
  }

  async #flushCandidates(pc: RTCPeerConnection): Promise<void> {
    const pending = this.#pendingCandidates;
    this.#pendingCandidates = [];
    for (const candidate of pending) await pc.addIceCandidate(candidate);
  }

  #dropConnection(): void {
    this.#clearRestart();
    const pc = this.#pc;
    this.#pc = null;
    if (!pc) return;
    pc.onicecandidate = pc.ontrack = pc.onconnectionstatechange = pc.onnegotiationneeded = null;
    pc.close();
  }

  #clearRestart(): void {
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
  }
}
