import { useEffect, useState } from "react";

/** How loud the microphone is, 0 to 1, from the loudest sample of each frame; 0 without a microphone. */
function useMicrophoneLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
      setLevel((previous) => (Math.abs(previous - peak) > 0.02 ? peak : previous));
      frame = requestAnimationFrame(measure);
    };
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
      setLevel(0);
    };
  }, [stream]);
  return level;
}

/** A quiet bar that moves with the voice: the member sees their microphone works before joining. */
export function MicLevel({ stream }: { stream: MediaStream | null }) {
  const level = useMicrophoneLevel(stream);
  const percent = Math.round(Math.min(1, level * 1.6) * 100);
  return (
    <div
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="mic-level"
      className="h-2 w-full overflow-hidden rounded-full bg-ivory-200"
    >
      <div className="h-full rounded-full bg-sage-500 transition-[width] duration-100" style={{ width: `${percent}%` }} />
    </div>
  );
}
