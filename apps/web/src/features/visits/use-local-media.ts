import { useEffect, useState } from "react";

/** Why there is no camera or microphone, in words a member can act on. */
export type MediaProblem = "denied" | "no-device" | "in-use" | "unsupported";

export const MEDIA_PROBLEM_TEXT: Record<MediaProblem, string> = {
  denied: "Your browser is not allowing the camera and microphone. Allow them for this site in the address bar, then try again.",
  "no-device": "No camera or microphone was found. Connect one, or join with audio only if you have a microphone.",
  "in-use": "Your camera or microphone is in use by another app. Close it, then try again.",
  unsupported: "This browser cannot make video calls. Please use a current version of Chrome, Edge, Firefox or Safari.",
};

export interface MediaChoice {
  cameraId: string | null;
  microphoneId: string | null;
  /** Join with the microphone only. */
  audioOnly: boolean;
}

export interface LocalMedia {
  stream: MediaStream | null;
  problem: MediaProblem | null;
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** Asks again (after the member allowed access, or plugged a device in). */
  retry: () => void;
}

function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "no-device";
  if (name === "NotReadableError" || name === "AbortError") return "in-use";
  return "unsupported";
}

const deviceConstraint = (id: string | null): MediaTrackConstraints | true => (id ? { deviceId: { exact: id } } : true);

/** The member's camera and microphone as chosen (while `enabled`), with the devices to choose from; stopped when no longer used. */
export function useLocalMedia(choice: MediaChoice, enabled: boolean): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    if (!enabled) {
      setStream(null);
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("unsupported");
      return;
    }
    const constraints = { audio: deviceConstraint(choice.microphoneId), video: choice.audioOnly ? false : deviceConstraint(choice.cameraId) };
    navigator.mediaDevices
      .getUserMedia(constraints)
      .then(async (media) => {
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        opened = media;
        setStream(media);
        setProblem(null);
        // Names of devices are readable only once access is allowed.
        const found = await navigator.mediaDevices.enumerateDevices();
        if (!cancelled) setDevices(found);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setStream(null);
        setProblem(problemOf(error));
      });
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [choice.cameraId, choice.microphoneId, choice.audioOnly, attempt, enabled]);

  return {
    stream,
    problem,
    cameras: devices.filter((device) => device.kind === "videoinput"),
    microphones: devices.filter((device) => device.kind === "audioinput"),
    retry: () => setAttempt((n) => n + 1),
  };
}
