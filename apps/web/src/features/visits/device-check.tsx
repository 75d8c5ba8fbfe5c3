import { Button } from "@halcyon/ui/components/button";
import { Label } from "@halcyon/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";
import { Switch } from "@halcyon/ui/components/switch";
import { Video } from "lucide-react";
import { useId } from "react";

import { MicLevel } from "./mic-level";
import { MEDIA_PROBLEM_TEXT, type LocalMedia, type MediaChoice } from "./use-local-media";
import { VideoTile } from "./video-tile";

type DeviceCheckProps = {
  media: LocalMedia;
  choice: MediaChoice;
  onChoice: (choice: MediaChoice) => void;
  onJoin: () => void;
};

function DevicePicker({
  label,
  devices,
  value,
  onChange,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const id = useId();
  const current = value ?? devices[0]?.deviceId ?? "";
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={current} onValueChange={onChange} disabled={devices.length === 0}>
        <SelectTrigger id={id}>
          <SelectValue placeholder={`No ${label.toLowerCase()} found`} />
        </SelectTrigger>
        <SelectContent>
          {devices.map((device, index) => (
            <SelectItem key={device.deviceId || index} value={device.deviceId || `device-${index}`}>
              {device.label || `${label} ${index + 1}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Before joining: the camera and microphone to use, a live preview and a level meter, and what is wrong when they fail. */
export function DeviceCheck({ media, choice, onChoice, onJoin }: DeviceCheckProps) {
  const audioOnlyId = useId();
  const ready = media.stream !== null && media.problem === null;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <VideoTile
        stream={choice.audioOnly ? null : media.stream}
        label="Your camera preview"
        self
        placeholder={choice.audioOnly ? "Audio only: your camera stays off" : media.stream ? null : "Your camera preview appears here"}
        className="aspect-video w-full"
      />
      <div className="grid gap-6">
        {media.problem ? (
          <div role="alert" className="grid gap-3 rounded-xl border border-rose-700/30 bg-rose-50 p-4 text-sm text-rose-700">
            <p>{MEDIA_PROBLEM_TEXT[media.problem]}</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={media.retry}>
              Try again
            </Button>
          </div>
        ) : null}
        {choice.audioOnly ? null : (
          <DevicePicker label="Camera" devices={media.cameras} value={choice.cameraId} onChange={(cameraId) => onChoice({ ...choice, cameraId })} />
        )}
        <DevicePicker
          label="Microphone"
          devices={media.microphones}
          value={choice.microphoneId}
          onChange={(microphoneId) => onChoice({ ...choice, microphoneId })}
        />
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">Speak to see the level move.</p>
          <MicLevel stream={media.stream} />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={audioOnlyId} checked={choice.audioOnly} onCheckedChange={(audioOnly) => onChoice({ ...choice, audioOnly })} />
          <Label htmlFor={audioOnlyId}>Join with audio only</Label>
        </div>
        <Button size="lg" disabled={!ready} onClick={onJoin}>
          <Video aria-hidden="true" />
          Join visit
        </Button>
      </div>
    </div>
  );
}
