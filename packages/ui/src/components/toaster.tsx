import { useLayoutEffect } from "react";

import { markToastsShown, useToast } from "../hooks/use-toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/** Renders the notifications raised with `toast()`; mount once, near the root. */
function Toaster() {
  const { toasts } = useToast();
  // After the commit, before the paint: the toasts are in the document from here on.
  useLayoutEffect(() => markToastsShown(toasts.map((toast) => toast.id)), [toasts]);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-0.5 pl-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}

export { Toaster };
