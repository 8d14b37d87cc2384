import { TOAST_SUCCESS_MS } from '@store/shared/constants';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l(toasts));

/** Success toasts last 3 s (SPEC §8); errors and warnings stay a little longer and can be dismissed. */
const DURATION: Record<ToastKind, number> = { success: TOAST_SUCCESS_MS, info: TOAST_SUCCESS_MS, warning: 6000, error: 6000 };

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(kind: ToastKind, message: string): number {
  const id = nextId++;
  toasts = [...toasts.filter((t) => t.message !== message), { id, kind, message }];
  emit();
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), DURATION[kind]);
  return id;
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
  warning: (message: string) => showToast('warning', message),
  info: (message: string) => showToast('info', message),
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}
