import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { Volume2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";

type VideoTileProps = {
  stream: MediaStream | null;
  /** The accessible name of the video, e.g. "Video of Jordan". */
  label: string;
  /** One's own preview: no sound (no echo), mirrored like a looking glass. */
  self?: boolean;
  /** Shown over the tile when there is no picture (the camera is off). */
  placeholder?: string | null;
  className?: string;
};

/**
 * A <video> showing a stream, with a calm placeholder when there is no picture. A browser may
 * refuse to play sound before the member has touched the page (after a reload): the picture then
 * plays muted, and a button turns the sound on.
 */
export function VideoTile({ stream, label, self = false, placeholder, className }: VideoTileProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [silenced, setSilenced] = useState(false);
  useEffect(() => {
    const element = video.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (!stream || self) return;
    element.muted = false;
    element.play().catch(() => {
      element.muted = true;
      setSilenced(true);
      void element.play().catch(() => undefined);
    });
  }, [stream, self]);
  const playSound = () => {
    if (!video.current) return;
    video.current.muted = false;
    void video.current.play().then(() => setSilenced(false));
  };
  return (
    <div className={cn("relative overflow-hidden rounded-2xl bg-ink-900", className)}>
      <video ref={video} aria-label={label} autoPlay playsInline muted={self} className={cn("size-full object-cover", self && "-scale-x-100")} />
      {placeholder ? (
        <p className="absolute inset-0 flex items-center justify-center bg-ink-900 px-4 text-center font-display text-lg text-ivory-100">{placeholder}</p>
      ) : null}
      {silenced ? (
        <Button variant="outline-light" size="sm" className="absolute top-3 left-3 bg-ink-900/70" onClick={playSound}>
          <Volume2 aria-hidden="true" />
          Turn on sound
        </Button>
      ) : null}
    </div>
  );
}
