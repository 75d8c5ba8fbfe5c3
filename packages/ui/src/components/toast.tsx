import type { ComponentProps, ReactElement } from "react";
import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";

import { cn } from "../lib/utils";

/** Settings of the specification: 5 s on screen, swipe right past 50 px to dismiss; F8 (Radix's default) focuses the list. */
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;

function ToastProvider(props: ComponentProps<typeof ToastPrimitives.Provider>) {
  return <ToastPrimitives.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} {...props} />;
}

function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      data-slot="toast-viewport"
      className={cn(
        "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-3 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[26rem] sm:flex-col sm:p-6",
        // Above a bar pinned to the foot of the page (data-pinned-bar), whose buttons it would cover.
        "sm:[body:has([data-pinned-bar])_&]:bottom-24",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start gap-4 overflow-hidden rounded-lg border p-5 pr-11 shadow-lifted data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default:
          "border-hairline bg-ivory-50 text-foreground before:absolute before:inset-y-4 before:left-0 before:w-0.5 before:rounded-full before:bg-gold-500",
        destructive:
          "border-rose-700/30 bg-rose-50 text-rose-700 before:absolute before:inset-y-4 before:left-0 before:w-0.5 before:rounded-full before:bg-rose-700",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root data-slot="toast" data-variant={variant ?? "default"} className={cn(toastVariants({ variant }), className)} {...props} />;
}

function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-9 shrink-0 items-center justify-center rounded-full border border-hairline px-4 text-sm font-medium transition-colors hover:bg-ivory-200 group-data-[variant=destructive]:border-rose-700/40 group-data-[variant=destructive]:hover:bg-rose-700/10",
        className,
      )}
      {...props}
    />
  );
}

function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      data-slot="toast-close"
      aria-label="Close notification"
      className={cn(
        "absolute top-3 right-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-stone-600 transition-colors hover:bg-ivory-200 hover:text-foreground group-data-[variant=destructive]:text-rose-700 group-data-[variant=destructive]:hover:bg-rose-700/10",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  );
}

function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title data-slot="toast-title" className={cn("font-display text-xl leading-snug font-semibold", className)} {...props} />;
}

function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return (
    <ToastPrimitives.Description
      data-slot="toast-description"
      className={cn("mt-1 text-sm leading-relaxed text-stone-600 group-data-[variant=destructive]:text-rose-700", className)}
      {...props}
    />
  );
}

type ToastActionElement = ReactElement<typeof ToastAction>;

export { ToastProvider, ToastViewport, Toast, ToastAction, ToastClose, ToastTitle, ToastDescription, type ToastProps, type ToastActionElement };
