import { useSyncExternalStore, type ReactNode } from "react";

import type { ToastActionElement, ToastProps } from "../components/toast";

/** The specification shows one notification at a time: a new one replaces the one on screen. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the list this long (spec: 1,000,000 ms) before it is dropped. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToasterToast = Omit<ToastProps, "title"> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
};

export type ToastState = { toasts: ToasterToast[] };

export type ToastAction =
  | { type: "add"; toast: ToasterToast }
  | { type: "update"; toast: Partial<ToasterToast> & Pick<ToasterToast, "id"> }
  | { type: "dismiss"; toastId?: string }
  | { type: "remove"; toastId?: string };

/** Pure state transitions; timers and listeners live outside so this stays testable. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "update":
      return {
        toasts: state.toasts.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast)),
      };
    case "dismiss":
      return {
        toasts: state.toasts.map((toast) => (action.toastId === undefined || toast.id === action.toastId ? { ...toast, open: false } : toast)),
      };
    case "remove":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.toastId),
      };
  }
}

// One store for the whole page, so code outside React (a query cache's error handler) can toast too.
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
/** Toasts raised but not yet drawn by a Toaster, and how to release whoever waits for them. */
const awaitingScreen = new Map<string, () => void>();
let lastId = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  if (action.type === "dismiss") {
    const ids = action.toastId === undefined ? state.toasts.map((toast) => toast.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  // A toast replaced before it was ever drawn will not be: release whoever waits for it.
  for (const [id, release] of awaitingScreen) {
    if (state.toasts.some((toast) => toast.id === id)) continue;
    awaitingScreen.delete(id);
    release();
  }
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(toastId);
    dispatch({ type: "remove", toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(toastId, timer);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

export type ToastOptions = Omit<ToasterToast, "id">;

/** Shows a notification; returns handles to change or dismiss that one later. */
export function toast(options: ToastOptions) {
  lastId = (lastId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(lastId);
  const dismiss = () => dispatch({ type: "dismiss", toastId: id });
  const shown = new Promise<void>((resolve) => awaitingScreen.set(id, resolve));
  dispatch({
    type: "add",
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return {
    id,
    dismiss,
    /** Settles once a Toaster has put this toast on screen, or once it is replaced unseen. */
    shown,
    update: (next: ToastOptions) => dispatch({ type: "update", toast: { ...next, id } }),
  };
}

/** Called by the Toaster once it has drawn these toasts. */
export function markToastsShown(toastIds: readonly string[]): void {
  for (const id of toastIds) {
    awaitingScreen.get(id)?.();
    awaitingScreen.delete(id);
  }
}

export function dismissToast(toastId?: string): void {
  dispatch(toastId === undefined ? { type: "dismiss" } : { type: "dismiss", toastId });
}

export function useToast() {
  const { toasts } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
