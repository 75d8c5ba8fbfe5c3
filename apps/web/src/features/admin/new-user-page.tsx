import type { AdminUser, UserRole } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Switch } from "@halcyon/ui/components/switch";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { cn } from "@halcyon/ui/lib/utils";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";

import { trpc } from "../../lib/trpc";
import { AdminField } from "./admin-field";
import { AdminShell } from "./admin-shell";
import { issuesOf, toastFailure } from "./feedback";
import { checkNewUser, FIELD_ORDER, suggestUsername, type NewUserField, type NewUserValues } from "./new-user-form";
import { OneTimePasswordPanel } from "./one-time-password";
import { ROLE_LABELS, ROLES } from "./people";
import { WorkingHoursEditor } from "./working-hours-editor";
import { emptyWeek, summarizeWeek, weekFromPeriods } from "./working-hours";

const ROLE_NOTES: Record<UserRole, string> = {
  patient: "Books sessions and follows their progress.",
  doctor: "Sees patients, keeps a schedule and writes notes.",
  admin: "Runs the clinic, as you do.",
};

/** The clinic's four service lines, offered as specializations. */
const SPECIALIZATIONS = ["Individual Therapy", "Couples Therapy", "PTSD & Trauma Care", "Mindfulness & Wellness"];

const fieldId = (field: NewUserField) => `new-user-${field}`;

function initialValues(role: UserRole): NewUserValues {
  return { role, firstName: "", lastName: "", username: "", email: "", phoneNumber: "", dateOfBirth: "", specialization: "", ownHours: false, week: emptyWeek() };
}

export function NewUserPage() {
  const [params] = useSearchParams();
  const startingRole = ROLES.find((role) => role === params.get("role")) ?? "patient";
  const [created, setCreated] = useState<{ user: AdminUser; oneTimePassword: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <AdminShell
      section="Add New User"
      title={created ? "One more thing" : "Welcome someone new"}
      lead={
        created
          ? "Pass the one-time password on privately. It is the only time you will see it."
          : "Create an account for a patient, a doctor or another admin. They receive a one-time password and choose their own when they first sign in."
      }
    >
      {created ? (
        <div className="max-w-3xl">
          <OneTimePasswordPanel
            user={created.user}
            password={created.oneTimePassword}
            onAddAnother={() => {
              setCreated(null);
              setFormKey((key) => key + 1);
            }}
          />
        </div>
      ) : (
        <NewUserForm key={formKey} startingRole={startingRole} onCreated={setCreated} />
      )}
    </AdminShell>
  );
}

function NewUserForm({ startingRole, onCreated }: { startingRole: UserRole; onCreated: (result: { user: AdminUser; oneTimePassword: string }) => void }) {
  const [values, setValues] = useState<NewUserValues>(() => initialValues(startingRole));
  const [usernameEdited, setUsernameEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<NewUserField, string>>>({});
  const settings = trpc.admin.settings.useQuery();
  const utils = trpc.useUtils();
  const isDoctor = values.role === "doctor";

  const create = trpc.admin.createUser.useMutation({
    onSuccess: (result) => {
      void Promise.all([utils.admin.users.invalidate(), utils.admin.stats.invalidate(), utils.admin.auditLog.invalidate()]);
      onCreated(result);
    },
    onError: (error) => {
      const issues = issuesOf(error);
      const fromServer: Partial<Record<NewUserField, string>> = {};
      for (const [path, message] of issues) {
        const field = (path === "workingHours" ? "hours" : path) as NewUserField;
        if (FIELD_ORDER.includes(field)) fromServer[field] = message;
      }
      // A taken username comes back as a conflict, not an input issue: put it by the field.
      if (/username/i.test(error.message) && !fromServer.username) fromServer.username = error.message;
      setErrors(fromServer);
      toastFailure("The account was not created", error);
    },
  });

  const set = <K extends keyof NewUserValues>(key: K, value: NewUserValues[K]) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (!usernameEdited && (key === "firstName" || key === "lastName" || key === "role")) {
        next.username = suggestUsername(next.role, next.firstName, next.lastName);
      }
      return next;
    });
    const field = (key === "week" || key === "ownHours" ? "hours" : key) as NewUserField;
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const chooseOwnHours = (own: boolean) => {
    set("ownHours", own);
    // Start from the clinic's hours: most doctors keep something close to them.
    if (own && values.week.every((day) => day.length === 0) && settings.data) set("week", weekFromPeriods(settings.data.defaultWorkingHours));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNewUser(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      toast({ variant: "destructive", title: "Please check the form", description: first ? checked.errors[first] : undefined });
      return;
    }
    create.mutate(checked.input);
  };

  const text = (field: Exclude<NewUserField, "hours">) => ({
    value: values[field],
    disabled: create.isPending,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (field === "username") setUsernameEdited(true);
      set(field, event.target.value);
    },
  });

  return (
    <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14">
      <form noValidate onSubmit={submit} aria-label="Add New User" className="grid min-w-0 gap-10 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:p-10">
        <fieldset className="grid min-w-0 gap-4">
          <legend className="mb-4 font-display text-2xl text-ink-900">Role</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {ROLES.map((role) => (
              <label
                key={role}
                className={cn(
                  "flex cursor-pointer flex-col gap-1 rounded-lg border p-4 transition-colors duration-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  values.role === role ? "border-gold-600 bg-gold-200/30 shadow-soft" : "border-ivory-300 hover:border-gold-500/60",
                )}
              >
                <span className="flex items-center gap-2.5">
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    checked={values.role === role}
                    onChange={() => set("role", role)}
                    disabled={create.isPending}
                    className="size-4 accent-gold-700 focus-visible:outline-none"
                  />
                  <span className="text-sm font-medium text-ink-900">{ROLE_LABELS[role]}</span>
                </span>
                <span className="pl-6.5 text-xs leading-relaxed text-muted-foreground">{ROLE_NOTES[role]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-6">
          <legend className="mb-4 font-display text-2xl text-ink-900">Who they are</legend>
          <div className="grid gap-6 sm:grid-cols-2">
            <AdminField id={fieldId("firstName")} label="First name" error={errors.firstName}>
              <Input autoComplete="off" {...text("firstName")} />
            </AdminField>
            <AdminField id={fieldId("lastName")} label="Last name" error={errors.lastName}>
              <Input autoComplete="off" {...text("lastName")} />
            </AdminField>
          </div>
          <AdminField
            id={fieldId("username")}
            label="Username"
            description="What they sign in with: letters, digits, dots, dashes and underscores."
            error={errors.username}
          >
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...text("username")} />
          </AdminField>
          <AdminField id={fieldId("email")} label="Email" hint="optional" error={errors.email}>
            <Input type="email" autoComplete="off" {...text("email")} />
          </AdminField>
          <div className="grid gap-6 sm:grid-cols-2">
            <AdminField id={fieldId("phoneNumber")} label="Phone number" error={errors.phoneNumber}>
              <Input type="tel" autoComplete="off" placeholder="(555) 123-4567" {...text("phoneNumber")} />
            </AdminField>
            <AdminField id={fieldId("dateOfBirth")} label="Date of birth" error={errors.dateOfBirth}>
              <Input type="date" {...text("dateOfBirth")} />
            </AdminField>
          </div>
        </fieldset>

        {isDoctor ? (
          <fieldset className="grid min-w-0 gap-6">
            <legend className="mb-4 font-display text-2xl text-ink-900">Their practice</legend>
            <AdminField id={fieldId("specialization")} label="Specialization" description="Shown to patients when they choose a doctor." error={errors.specialization}>
              <Input list="specializations" autoComplete="off" {...text("specialization")} />
            </AdminField>
            <datalist id="specializations">
              {SPECIALIZATIONS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>

            <div className="grid gap-5 sm:rounded-lg sm:border sm:border-ivory-300 sm:bg-ivory-100/60 sm:p-6">
              <div className="flex items-start justify-between gap-6">
                <div>
                  <p id="own-hours-label" className="text-sm font-medium text-ink-900">
                    Own weekly hours
                  </p>
                  <p id="own-hours-description" className="mt-1 text-xs leading-relaxed text-muted-foreground">
                    {values.ownHours
                      ? "Patients can book this doctor only within these hours."
                      : `Off: they keep to the clinic's hours (${settings.data ? summarizeWeek(settings.data.defaultWorkingHours).join("; ") : "loading…"}).`}
                  </p>
                </div>
                <Switch
                  id={fieldId("hours")}
                  checked={values.ownHours}
                  onCheckedChange={chooseOwnHours}
                  aria-labelledby="own-hours-label"
                  aria-describedby="own-hours-description"
                  disabled={create.isPending || !settings.data}
                />
              </div>
              {values.ownHours ? (
                <WorkingHoursEditor id="new-doctor-hours" label="The doctor's weekly hours" value={values.week} onChange={(week) => set("week", week)} disabled={create.isPending} />
              ) : null}
              {errors.hours ? <p className="text-sm text-rose-700">{errors.hours}</p> : null}
            </div>
          </fieldset>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-ivory-300 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs leading-relaxed text-muted-foreground">A one-time password is made for them; you will see it once, next.</p>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? "Creating account…" : "Create account"}
          </Button>
        </div>
      </form>

      <aside className="flex flex-col gap-6 self-start rounded-xl border border-hairline bg-ivory-50/70 p-7 lg:sticky lg:top-28">
        <p className="font-display text-2xl text-ink-900">What happens next</p>
        <ol className="grid gap-5 text-sm leading-relaxed text-ink-800">
          {[
            "You see a one-time password, once. Copy it and pass it on privately.",
            "They sign in with it and are asked to choose their own password before anything else.",
            "You can change their role or pause their account at any time from All users.",
          ].map((step, index) => (
            <li key={step} className="flex gap-4">
              <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full border border-hairline font-display text-base text-gold-700">
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
