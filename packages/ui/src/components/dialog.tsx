import { createContext, useCallback, useContext, useEffect, useRef, type ComponentProps } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";

import { cn } from "../lib/utils";

function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

function DialogTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-ink-950/55 backdrop-blur-[2px] data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out", className)}
      {...props}
    />
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /**
   * Where the focus goes as the dialog closes, when the button that opened it is gone (the change
   * it confirmed replaced it); without an element, back to what had the focus as it opened.
   */
  focusOnClose?: (() => HTMLElement | null) | undefined;
};

/** Tells the dialog around a form whether a click outside it or Escape may close it (see useDialogCloseGuard). */
const CloseGuardContext = createContext<((guarded: boolean) => void) | null>(null);

/**
 * Keeps the dialog open on a stray click outside it, or Escape, while `active` (a form holding
 * words not yet saved): only its own buttons then close it.
 */
export function useDialogCloseGuard(active: boolean): void {
  const setGuarded = useContext(CloseGuardContext);
  useEffect(() => {
    if (!setGuarded) return;
    setGuarded(active);
    return () => setGuarded(false);
  }, [setGuarded, active]);
}

function DialogContent({
  className,
  children,
  focusOnClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onInteractOutside,
  onEscapeKeyDown,
  ...props
}: DialogContentProps) {
  // Radix gives the focus back to a DialogTrigger only: most dialogs here open from state.
  const opener = useRef<HTMLElement | null>(null);
  const guarded = useRef(false);
  const setGuarded = useCallback((value: boolean) => {
    guarded.current = value;
  }, []);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          // The padding is --dialog-pad, which the footer reaches over; from sm up the footer stays
          // in sight at the foot, and a control scrolled into view stops above it (scroll-padding).
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-6 overflow-y-auto rounded-xl border border-hairline bg-card p-(--dialog-pad) shadow-lifted [--dialog-pad:1.5rem] sm:scroll-pb-32 sm:[--dialog-pad:2rem] data-[state=open]:animate-dialog-in data-[state=closed]:animate-fade-out",
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Still on the control that opened the dialog: the focus moves in after this.
          opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = focusOnClose?.() ?? (opener.current?.isConnected ? opener.current : null);
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
        onInteractOutside={(event) => {
          if (guarded.current) event.preventDefault();
          onInteractOutside?.(event);
        }}
        onEscapeKeyDown={(event) => {
          if (guarded.current) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        <CloseGuardContext.Provider value={setGuarded}>{children}</CloseGuardContext.Provider>
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute top-4 right-4 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-stone-600 transition-colors hover:bg-ivory-200 hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("flex flex-col gap-2 pr-8", className)} {...props} />;
}

/**
 * The dialog's actions, last in it. From sm up, when a long dialog scrolls, they stay in sight at
 * its foot, over the padding (--dialog-pad) and the content scrolling beneath; on a phone, where
 * they stack, they would take a quarter of the screen, and come last instead.
 */
function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        "flex flex-col-reverse gap-3 sm:sticky sm:-bottom-(--dialog-pad) sm:-mx-(--dialog-pad) sm:-mt-3 sm:-mb-(--dialog-pad) sm:flex-row sm:justify-end sm:bg-card sm:px-(--dialog-pad) sm:pt-3 sm:pb-(--dialog-pad)",
        className,
      )}
      {...props}
    />
  );
}

function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn("font-display text-3xl font-medium", className)} {...props} />;
}

function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description data-slot="dialog-description" className={cn("text-sm leading-relaxed text-muted-foreground", className)} {...props} />;
}

export { Dialog, DialogTrigger, DialogClose, DialogContent, DialogHeader, DialogFooter, DialogTitle, DialogDescription };
