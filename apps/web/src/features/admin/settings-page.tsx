import type { ClinicSettings } from "@halcyon/domain/schemas";
import { Input } from "@halcyon/ui/components/input";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState, type FormEvent } from "react";

import { trpc } from "../../lib/trpc";
import { LoadAlert } from "./load-alert";
import { AdminField } from "./admin-field";
import { AdminShell } from "./admin-shell";
import { issuesOf } from "../../lib/api-errors";
import { messageOf, toastFailure } from "./feedback";
import { checkSettings, SETTINGS_FIELD_ORDER, settingsChanged, valuesFromSettings, type SettingsField, type SettingsValues } from "./settings-form";
import { TimeZonePicker } from "./time-zone-picker";
import { WorkingHoursEditor } from "./working-hours-editor";
import { weekProblems } from "./working-hours";
import { CrisisResourcesEditor } from "./crisis-resources-editor";
import { ConsentFormsSection } from "./consent-forms-section";
import { RecordsKeySection } from "./records-key-section";
import { Section } from "./settings-section";
import { FeeSettings } from "./fee-settings";
import { IdentitySettings } from "./identity-settings";
import { PolicyFields } from "./policy-fields";
import { SettingsSaveBar } from "./settings-save-bar";
import { StaffTwoStepSetting } from "./staff-two-step-setting";
import { ReminderSettings } from "./reminder-settings";

const fieldId = (field: SettingsField) => `settings-${field}`;
/** The setting a form value belongs to, where their names differ. */
const FIELD_OF_VALUE: Partial<Record<keyof SettingsValues, SettingsField>> = {
  week: "defaultWorkingHours",
  reminderLeads: "reminderLeadHours",
  quietStart: "quietHours",
  quietEnd: "quietHours",
};

export function SettingsPage() {
  const settings = trpc.admin.settings.useQuery();
  return (
    <AdminShell
      section="System Settings"
      title="The clinic's settings"
      lead="Its name, its time zone, the hours it keeps and its policies. Changes take effect at once, for everyone, and are recorded in the system log."
    >
      {settings.data ? (
        <div className="grid max-w-5xl gap-6">
          <SettingsForm saved={settings.data} />
          <ConsentFormsSection />
          <RecordsKeySection />
        </div>
      ) : settings.isError ? (
        <LoadAlert what="The settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div role="status" className="grid max-w-4xl gap-6">
          <span className="sr-only">Loading the settings…</span>
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      )}
    </AdminShell>
  );
}

function SettingsForm({ saved }: { saved: ClinicSettings }) {
  const [values, setValues] = useState<SettingsValues>(() => valuesFromSettings(saved));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, string>>>({});
  // Settings that turn the staff two-step requirement off, waiting for the admin to confirm it is them.
  const [toConfirm, setToConfirm] = useState<ClinicSettings>();
  const utils = trpc.useUtils();
  const dirty = settingsChanged(values, saved);
  const hourProblems = weekProblems(values.week);

  const update = trpc.admin.updateSettings.useMutation({
    onSuccess: (next) => {
      utils.admin.settings.setData(undefined, next);
      setValues(valuesFromSettings(next));
      void Promise.all([
        utils.admin.stats.invalidate(),
        utils.admin.doctorHours.invalidate(),
        utils.admin.auditLog.invalidate(),
        utils.clinic.profile.invalidate(),
      ]);
      toast({ title: "Settings saved", description: "The changes are in effect now, for everyone." });
    },
    onError: (error) => {
      const fromServer: Partial<Record<SettingsField, string>> = {};
      for (const [path, message] of issuesOf(error)) if (SETTINGS_FIELD_ORDER.includes(path as SettingsField)) fromServer[path as SettingsField] = message;
      // Turning the staff policy on before one's own two-step sign-in: said beside the switch too.
      if (values.requireStaffTwoStep && /for yourself first/.test(messageOf(error))) fromServer.requireStaffTwoStep = messageOf(error);
      setErrors(fromServer);
      toastFailure("The settings were not saved", error);
    },
  });

  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field = (FIELD_OF_VALUE[key] ?? key) as SettingsField;
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSettings(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = SETTINGS_FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      toast({ variant: "destructive", title: "Please check the settings", description: first ? checked.errors[first] : undefined });
      return;
    }
    if (saved.requireStaffTwoStep && !checked.settings.requireStaffTwoStep) setToConfirm(checked.settings);
    else update.mutate(checked.settings);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="System Settings" className="grid max-w-5xl gap-6">
      <Section title="The clinic" description="How the clinic is named, and the time zone its days and hours are counted in.">
        <AdminField
          id={fieldId("clinicName")}
          label="Clinic name"
          description="Names the clinic in the calendar feeds members subscribe to."
          error={errors.clinicName}
        >
          <Input
            value={values.clinicName}
            onChange={(event) => set("clinicName", event.target.value)}
            disabled={update.isPending}
            autoComplete="organization"
          />
        </AdminField>
        <AdminField
          id={fieldId("clinicTimeZone")}
          label="Time zone"
          description="Search the list of time zones and choose one. Working hours and “today” follow it."
          error={errors.clinicTimeZone}
        >
          <TimeZonePicker value={values.clinicTimeZone} onChange={(zone) => set("clinicTimeZone", zone)} disabled={update.isPending} />
        </AdminField>
      </Section>

      <Section title="Opening hours" description="The default week: doctors without hours of their own can be booked within these.">
        <WorkingHoursEditor
          id={fieldId("defaultWorkingHours")}
          label="The clinic's default weekly hours"
          value={values.week}
          onChange={(week) => set("week", week)}
          problems={hourProblems}
          disabled={update.isPending}
        />
        {errors.defaultWorkingHours ? <p className="text-sm text-rose-700">{errors.defaultWorkingHours}</p> : null}
      </Section>

      <Section title="Policies" description="When patients may still move a session online, and when an idle session signs itself out.">
        <PolicyFields values={values} errors={errors} fieldId={fieldId} onChange={set} disabled={update.isPending} />
      </Section>

      <Section
        title="Crisis resources"
        description="Shown to a patient at once when their PHQ-9 says they have had thoughts of self-harm, with a number to tap. Up to six, in this order."
      >
        <div id={fieldId("crisisResources")} className="grid gap-2">
          <CrisisResourcesEditor value={values.crisisResources} onChange={(resources) => set("crisisResources", resources)} disabled={update.isPending} />
          {errors.crisisResources && <p className="text-sm text-rose-700">{errors.crisisResources}</p>}
        </div>
      </Section>

      <Section
        title="Reminders and notices"
        description="When patients are reminded of their sessions by email, and what every notice may say. Notices never say what a session is for."
      >
        <ReminderSettings values={values} errors={errors} fieldId={fieldId} onChange={set} disabled={update.isPending} />
      </Section>

      <Section title="Fees" description="The clinic's currency, and what a missed or late-cancelled session costs the patient.">
        <FeeSettings values={values} errors={errors} fieldId={fieldId} onChange={set} disabled={update.isPending} />
      </Section>

      <Section title="On superbills and estimates" description="Who the clinic is on the documents patients send their insurers. Each is optional.">
        <IdentitySettings values={values} errors={errors} fieldId={fieldId} onChange={set} disabled={update.isPending} />
      </Section>

      <Section title="Security" description="What the clinic asks of its staff when they sign in.">
        <StaffTwoStepSetting
          id={fieldId("requireStaffTwoStep")}
          checked={values.requireStaffTwoStep}
          onChange={(checked) => set("requireStaffTwoStep", checked)}
          error={errors.requireStaffTwoStep}
          disabled={update.isPending}
          confirming={toConfirm !== undefined}
          onConfirmed={async () => {
            if (toConfirm) await update.mutateAsync(toConfirm);
          }}
          onConfirmClosed={() => setToConfirm(undefined)}
        />
      </Section>

      <SettingsSaveBar
        dirty={dirty}
        saving={update.isPending}
        onDiscard={() => {
          setValues(valuesFromSettings(saved));
          setErrors({});
        }}
      />
    </form>
  );
}
