import type { VisitView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { Mic, MicOff, PhoneOff, UserRoundCheck, Video, VideoOff } from "lucide-react";
import { useEffect, useState } from "react";

import { useVisitCall } from "./use-visit-call";
import type { CallState } from "./visit-call";
import { VideoTile } from "./video-tile";

/**
 * On a wider screen the 16:9 stage is no wider than leaves the page's title and the controls in
 * view below it (the page's full width would push Mute and Leave below a laptop's fold), and never
 * narrower than 24rem, however short the screen: then the page scrolls.
 */
const STAGE_FITS_SCREEN = "sm:mx-auto sm:max-w-[max(24rem,calc((100dvh-28rem)*16/9))]";

type CallRoomProps = {
  visit: VisitView;
  localStream: MediaStream;
  /** The member pressed Leave. */
  onLeave: () => void;
  /** The doctor ended the visit (either side hears it). */
  onEnded: () => void;
};

/** Inside the room: the waiting room until the doctor admits, then the call, its state in words, and its controls. */
export function CallRoom({ visit, localStream, onLeave, onEnded }: CallRoomProps) {
  // Credentials are fixed for the call: a later read of the visit must not restart it.
  const [iceServers] = useState(() => visit.iceServers as RTCIceServer[]);
  const { call, state } = useVisitCall({ visitId: visit.id, role: visit.role, iceServers, localStream });
  const [muted, setMuted] = useState(() => !localStream.getAudioTracks().some((track) => track.enabled));
  const [cameraOff, setCameraOff] = useState(false);
  const hasCamera = localStream.getVideoTracks().length > 0;
  const other = visit.otherParty.firstName;
  const isDoctor = visit.role === "doctor";

  useEffect(() => {
    if (state.phase === "ended") onEnded();
  }, [state.phase, onEnded]);

  if (state.phase === "ended") return null;
  if (state.phase === "refused") {
    return (
      <p role="alert" className="rounded-xl border border-rose-700/30 bg-rose-50 p-4 text-rose-700">
        {state.refusal}
      </p>
    );
  }

  const toggleMicrophone = () => {
    const next = !muted;
    for (const track of localStream.getAudioTracks()) track.enabled = !next;
    setMuted(next);
    call?.shareMedia();
  };
  const toggleCamera = () => {
    const next = !cameraOff;
    for (const track of localStream.getVideoTracks()) track.enabled = !next;
    setCameraOff(next);
    call?.shareMedia();
  };
  const leave = () => {
    call?.leave();
    onLeave();
  };

  const inCall = state.admitted && state.otherPresent;
  const waiting = waitingWords(state, isDoctor, visit.otherParty);

  return (
    <div className="grid gap-6">
      <div className={cn("relative w-full", STAGE_FITS_SCREEN)}>
        {inCall ? (
          <VideoTile
            stream={state.remoteStream}
            label={`Video of ${other}`}
            placeholder={!state.remoteMedia.video ? `${other}'s camera is off` : null}
            className="aspect-[3/4] w-full sm:aspect-video"
          />
        ) : (
          <div className="flex aspect-[3/4] w-full flex-col items-center justify-center gap-6 rounded-2xl border border-hairline bg-ivory-50 px-6 text-center sm:aspect-video">
            <p className="font-display text-2xl text-ink-900 sm:text-3xl">{waiting}</p>
            {isDoctor && state.otherPresent && !state.admitted ? (
              <Button size="lg" onClick={() => call?.admit()}>
                <UserRoundCheck aria-hidden="true" />
                Admit
              </Button>
            ) : null}
          </div>
        )}
        <VideoTile
          stream={hasCamera ? localStream : null}
          label="Your own video"
          self
          placeholder={!hasCamera ? "Audio only" : cameraOff ? "Camera off" : null}
          className="absolute right-3 bottom-3 aspect-video w-28 border border-ivory-50/60 shadow-soft sm:w-1/4 sm:max-w-48"
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1">
          <p role="status" aria-live="polite" className="text-sm font-medium text-ink-900" data-testid="connection-state">
            {statusWords(state, inCall, isDoctor, other)}
          </p>
          {inCall && !state.remoteMedia.audio ? <p className="text-sm text-muted-foreground">{other} is muted</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" aria-label={muted ? "Unmute" : "Mute"} onClick={toggleMicrophone}>
            {muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {muted ? "Unmute" : "Mute"}
          </Button>
          {hasCamera ? (
            <Button variant="outline" onClick={toggleCamera}>
              {cameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
              {cameraOff ? "Turn camera on" : "Turn camera off"}
            </Button>
          ) : null}
          <Button variant="ink" onClick={leave}>
            <PhoneOff aria-hidden="true" />
            Leave
          </Button>
          {isDoctor ? (
            <Button variant="destructive" onClick={() => call?.end()}>
              End visit
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** What the room says while the two are not talking. */
function waitingWords(state: CallState, isDoctor: boolean, otherParty: VisitView["otherParty"]): string {
  const other = otherParty.firstName;
  if (isDoctor) {
    if (state.otherPresent) return `${other} ${otherParty.lastName} is waiting to be admitted.`;
    return state.otherLeft ? `${other} has left. They can join again while the visit is open.` : `Waiting for ${other} to join.`;
  }
  if (state.otherLeft) return "Your therapist has left. Stay here: they can join again.";
  return state.admitted ? "Waiting for your therapist to join." : "Your therapist will admit you shortly.";
}

/** The call's status line, for the screen and for screen readers. */
function statusWords(state: CallState, inCall: boolean, isDoctor: boolean, other: string): string {
  if (inCall) return state.connection;
  if (state.phase === "joining") return "Connecting…";
  if (state.otherLeft) return `${isDoctor ? other : "Your therapist"} has left`;
  return isDoctor ? "Not in a call yet" : "In the waiting room";
}
