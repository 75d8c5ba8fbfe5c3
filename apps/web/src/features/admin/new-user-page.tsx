import type { AdminUser, UserRole } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";

import { trpc } from "../../lib/trpc";
import { AdminField } from "./admin-field";
import { AdminShell } from "./admin-shell";
import { issuesOf } from "../../lib/api-errors";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";
import { toastFailure } from "./feedback";
import { checkNewUser, FIELD_ORDER, newUserFieldId, suggestUsername, type NewUserField, type NewUserValues } from "./new-user-form";
import { NextSteps } from "./new-user-next-steps";
import { DoctorPracticeFields } from "./new-user-practice";
import { RoleChoice } from "./new-user-role-choice";
import { OneTimePasswordPanel } from "./one-time-password";
import { ROLES } from "./people";
import { emptyWeek, weekFromPeriods } from "./working-hours";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";

function initialValues(role: UserRole): NewUserValues {
  return {
    role,
    firstName: "",
    lastName: "",
    username: "",
    email: "",
    phoneNumber: "",
    dateOfBirth: "",
    specialization: "",
    ownHours: false,
    week: emptyWeek(),
  };
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
  const recheck = useRecheckWhenAsked({ title: "Create this account?", actionLabel: "Create account", busyLabel: "Creating account…" });

  const create = trpc.admin.createUser.useMutation({
    onSuccess: (result) => {
      void Promise.all([utils.admin.users.invalidate(), utils.admin.stats.invalidate(), utils.admin.auditLog.invalidate()]);
      onCreated(result);
    },
    onError: (error, input) => {
      if (recheck.offer(error, () => create.mutateAsync(input))) return;
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
      if (first) document.getElementById(newUserFieldId(first))?.focus();
      reportFormProblem(first ? checked.errors[first] : undefined);
      return;
    }
    clearFormProblem();
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
      <form
        noValidate
        onSubmit={submit}
        aria-label="Add New User"
        className="grid min-w-0 gap-10 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:p-10"
      >
        <RoleChoice value={values.role} onChange={(role) => set("role", role)} disabled={create.isPending} />

        <fieldset className="grid min-w-0 gap-6">
          <legend className="mb-4 font-display text-2xl text-ink-900">Who they are</legend>
          <div className="grid gap-6 sm:grid-cols-2">
            <AdminField id={newUserFieldId("firstName")} label="First name" error={errors.firstName}>
              <Input autoComplete="off" {...text("firstName")} />
            </AdminField>
            <AdminField id={newUserFieldId("lastName")} label="Last name" error={errors.lastName}>
              <Input autoComplete="off" {...text("lastName")} />
            </AdminField>
          </div>
          <AdminField
            id={newUserFieldId("username")}
            label="Username"
            description="What they sign in with: letters, digits, dots, dashes and underscores."
            error={errors.username}
          >
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...text("username")} />
          </AdminField>
          <AdminField id={newUserFieldId("email")} label="Email" hint="optional" error={errors.email}>
            <Input type="email" autoComplete="off" {...text("email")} />
          </AdminField>
          <div className="grid gap-6 sm:grid-cols-2">
            <AdminField id={newUserFieldId("phoneNumber")} label="Phone number" error={errors.phoneNumber}>
              <Input type="tel" autoComplete="off" placeholder="(555) 123-4567" {...text("phoneNumber")} />
            </AdminField>
            <AdminField id={newUserFieldId("dateOfBirth")} label="Date of birth" error={errors.dateOfBirth}>
              <Input type="date" {...text("dateOfBirth")} />
            </AdminField>
          </div>
        </fieldset>

        {isDoctor ? (
          <DoctorPracticeFields
            specialization={text("specialization")}
            specializationError={errors.specialization}
            ownHours={values.ownHours}
            onOwnHours={chooseOwnHours}
            week={values.week}
            onWeek={(week) => set("week", week)}
            hoursError={errors.hours}
            clinicHours={settings.data?.defaultWorkingHours}
            disabled={create.isPending}
          />
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-ivory-300 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs leading-relaxed text-muted-foreground">A one-time password is made for them; you will see it once, next.</p>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? "Creating account…" : "Create account"}
          </Button>
        </div>
      </form>
      {recheck.dialog}

      <NextSteps />
    </div>
  );
}
