import { toast } from "@halcyon/ui/hooks/use-toast";

/** The notification on screen that says why a form was not sent, while it may still be there. */
let reported: { dismiss(): void } | undefined;

/** Says what stops a form from being sent (the spec's "Please check the form" notification). */
export function reportFormProblem(description: string | undefined): void {
  reported = toast({ variant: "destructive", title: "Please check the form", description });
}

/**
 * A form that now passes its checks takes its problem back: otherwise a form whose success shows
 * no notification of its own (a dialog, a panel) would leave the old problem on screen beside it.
 */
export function clearFormProblem(): void {
  reported?.dismiss();
  reported = undefined;
}
