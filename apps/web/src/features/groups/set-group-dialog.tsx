import { GROUP_CAPACITY } from "@halcyon/domain/rules";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useId, useState, type FormEvent } from "react";

import { Field } from "../../components/field";
import { FormDialogFooter } from "../../components/form-dialog-footer";
import { SlotPicker } from "../../components/scheduling/slot-picker";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { groupServices, validateGroup, type GroupField } from "./group-form";

/** A doctor sets a group at a free hour of theirs: a title, how many it holds, its group service. */
export function SetGroupDialog({ open, onOpenChange, doctorId }: { open: boolean; onOpenChange: (open: boolean) => void; doctorId: number }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
        {open ? <GroupForm doctorId={doctorId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GroupForm({ doctorId, onDone }: { doctorId: number; onDone: () => void }) {
  const ids = useId();
  const services = groupServices(trpc.billing.services.useQuery().data);
  const [title, setTitle] = useState("");
  const [capacity, setCapacity] = useState("8");
  const [serviceId, setServiceId] = useState<number>();
  const [startTime, setStartTime] = useState<string>();
  const [invalid, setInvalid] = useState<GroupField>();
  const utils = trpc.useUtils();
  const refreshSchedule = useRefreshSchedule();
  const create = trpc.parties.createGroup.useMutation({
    onSuccess: async () => {
      toast({ title: "Group set", description: "Patients in your care can join it from their appointments." });
      onDone();
      await Promise.all([utils.parties.groups.invalidate(), refreshSchedule()]);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "The group was not set", description: error.message });
      setStartTime(undefined);
    },
  });
  const chosenService = serviceId ?? services[0]?.id;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = validateGroup({ title, capacity, serviceId: chosenService, startTime });
    if (!validation.ok) {
      setInvalid(validation.field);
      document.getElementById(`${ids}-${validation.field}`)?.focus();
      reportFormProblem(validation.message);
      return;
    }
    clearFormProblem();
    create.mutate(validation.input);
  };
  const busy = create.isPending;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Set a group</DialogTitle>
        <DialogDescription>
          A session of {GROUP_CAPACITY.min} to {GROUP_CAPACITY.max} patients at a free hour of yours. Patients in your care join it from their appointments.
        </DialogDescription>
      </DialogHeader>
      <Field htmlFor={`${ids}-title`} label="Title" invalid={invalid === "title"}>
        <Input
          id={`${ids}-title`}
          value={title}
          maxLength={120}
          placeholder="e.g. Mindfulness circle"
          aria-required
          disabled={busy}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field htmlFor={`${ids}-capacity`} label="Places" invalid={invalid === "capacity"} message={`${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients.`}>
          <Input
            id={`${ids}-capacity`}
            type="number"
            inputMode="numeric"
            min={GROUP_CAPACITY.min}
            max={GROUP_CAPACITY.max}
            value={capacity}
            aria-required
            disabled={busy}
            onChange={(event) => setCapacity(event.target.value)}
          />
        </Field>
        <Field
          htmlFor={`${ids}-service`}
          label="Service"
          invalid={invalid === "service"}
          message={services.length === 0 ? "The clinic has no group service yet: an admin adds one under Billing, Services." : undefined}
        >
          <Select
            value={chosenService === undefined ? "" : String(chosenService)}
            onValueChange={(picked) => setServiceId(Number(picked))}
            disabled={busy || services.length === 0}
          >
            <SelectTrigger id={`${ids}-service`}>
              <SelectValue placeholder="No group service" />
            </SelectTrigger>
            <SelectContent>
              {services.map((service) => (
                <SelectItem key={service.id} value={String(service.id)}>
                  {service.name} · {service.minutes} min
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>
      <div id={`${ids}-startTime`} tabIndex={-1} className="outline-none">
        <SlotPicker doctorId={doctorId} value={startTime} invalid={invalid === "startTime"} onChange={setStartTime} />
      </div>
      <FormDialogFooter busy={busy} onCancel={onDone} label="Set the group" busyLabel="Setting..." />
    </form>
  );
}
