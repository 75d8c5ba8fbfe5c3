import type { NoticeSettingsView as NoticeSettings } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Switch } from "@halcyon/ui/components/switch";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState, type FormEvent } from "react";

import { LoadFailed } from "../../components/load-failed";
import { PageLoading } from "../../components/page-loading";
import { SectionCard } from "../../components/section-card";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";

/**
 * What reaches the member outside the app: an email switch per kind of notice (password and
 * security always on: the server refuses them too), whether message notices name who wrote, a
 * doctor's digest time, and texts where the clinic sends them.
 */
export function NoticesSection() {
  const settings = trpc.notices.settings.useQuery();
  return (
    <SectionCard
      title="Notices"
      description="What we send you by email, and by text where the clinic offers it. Notices never say what a message or a visit is about."
    >
      {settings.isPending ? (
        <PageLoading label="Loading your notices" />
      ) : settings.isError ? (
        <LoadFailed what="your notices" reason={settings.error.message} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <NoticeControls settings={settings.data} />
      )}
    </SectionCard>
  );
}

function NoticeControls({ settings }: { settings: NoticeSettings }) {
  const utils = trpc.useUtils();
  const saved = (next: NoticeSettings) => utils.notices.settings.setData(undefined, next);
  const failed = (error: { message: string }) => toast({ title: "Not saved", description: error.message, variant: "destructive" });
  const setSwitch = trpc.notices.setSwitch.useMutation({ onSuccess: saved, onError: failed });
  const update = trpc.notices.update.useMutation({
    onSuccess: (next) => {
      saved(next);
      toast({ title: "Saved", description: "Your notice settings are saved." });
    },
    onError: failed,
  });
  const setTexts = trpc.notices.setTexts.useMutation({ onSuccess: saved, onError: failed });
  const format = useTimeFormat();

  return (
    <div className="grid gap-8">
      <ul className="divide-y divide-hairline" aria-label="Email notices">
        {settings.switches.map((item) => {
          const labelId = `notice-${item.topic}`;
          return (
            <li key={item.topic} className="flex items-start justify-between gap-4 py-4 first:pt-0">
              <div>
                <p id={labelId} className="font-medium text-ink-900">
                  {item.label}
                </p>
                <p className="text-sm text-muted-foreground">{item.description}</p>
              </div>
              {item.essential ? (
                <Badge tone="sage" aria-label={`${item.label}: always on`}>
                  Always on
                </Badge>
              ) : (
                <Switch
                  checked={item.email}
                  aria-labelledby={labelId}
                  disabled={setSwitch.isPending}
                  onCheckedChange={(email) => setSwitch.mutate({ topic: item.topic, email })}
                />
              )}
            </li>
          );
        })}
      </ul>

      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="notice-name-senders" className="font-medium text-ink-900">
            Say who wrote
          </p>
          <p className="text-sm text-muted-foreground">A new-message email names who wrote to you. Off, it says only that a message is waiting.</p>
        </div>
        <Switch
          checked={settings.nameSenders}
          aria-labelledby="notice-name-senders"
          disabled={update.isPending}
          onCheckedChange={(nameSenders) => update.mutate({ nameSenders })}
        />
      </div>

      {settings.digestTime !== null ? (
        <DigestTime time={settings.digestTime} saving={update.isPending} onSave={(digestTime) => update.mutate({ digestTime })} />
      ) : null}

      {settings.texts.offered ? (
        <div className="flex items-start justify-between gap-4">
          <div>
            <p id="notice-texts" className="font-medium text-ink-900">
              Reminders by text
            </p>
            <p className="text-sm text-muted-foreground">
              {settings.texts.optedInAt === null
                ? "Get your visit reminders by text too, at the phone number on your profile. Reply STOP to any text to end them."
                : settings.texts.stopped
                  ? `Paused: ${settings.texts.number ?? "your number"} replied STOP. Reply START to a text from us to get them again.`
                  : `On since ${format.dayAndTime(settings.texts.optedInAt)}, to ${settings.texts.number ?? "your number"}.`}
            </p>
          </div>
          <Switch
            checked={settings.texts.optedInAt !== null}
            aria-labelledby="notice-texts"
            disabled={setTexts.isPending}
            onCheckedChange={(enabled) => setTexts.mutate({ enabled })}
          />
        </div>
      ) : null}
    </div>
  );
}

function DigestTime({ time, saving, onSave }: { time: string; saving: boolean; onSave: (time: string) => void }) {
  const [value, setValue] = useState(time);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value);
  };
  return (
    <form className="flex flex-wrap items-end justify-between gap-4" onSubmit={submit}>
      <div className="grid gap-2">
        <Label htmlFor="notice-digest-time">Daily signature digest at</Label>
        <p id="notice-digest-hint" className="text-sm text-muted-foreground">
          Your time of day, once a day, when past visits wait for your signature.
        </p>
        <Input
          id="notice-digest-time"
          type="time"
          className="w-36"
          value={value}
          aria-describedby="notice-digest-hint"
          onChange={(event) => setValue(event.target.value)}
          required
        />
      </div>
      <Button type="submit" variant="outline" disabled={saving || value === time}>
        {saving ? "Saving..." : "Save time"}
      </Button>
    </form>
  );
}
