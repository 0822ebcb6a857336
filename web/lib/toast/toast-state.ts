/**
 * Toasts (spec 001 §5 and §9): one at a time (limit 1); add, update, dismiss and remove; a dismissed
 * toast is removed only after a delay (1,000,000 ms), so its closing animation is never cut short;
 * a toast stays open 3000 ms. The state is a pure reducer so its rules are tested without a browser.
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 3000;

export interface Toast {
  id: string;
  open: boolean;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link beside the message, e.g. 'View List' to the watchlist page (spec 000 screen list). */
  action?: ToastLinkAction;
}

export interface ToastLinkAction {
  label: string;
  href: string;
}

export type ToastAction =
  | { type: 'add'; toast: Toast }
  | { type: 'update'; toast: Partial<Toast> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((toast) => (toast.id === action.toast.id ? { ...toast, ...action.toast } : toast));
    case 'dismiss':
      return state.map((toast) =>
        action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
      );
    case 'remove':
      return action.id === undefined ? [] : state.filter((toast) => toast.id !== action.id);
  }
}

type Listener = (toasts: Toast[]) => void;

type TimerHandle = ReturnType<typeof setTimeout>;

/** The timers the store schedules removals with; injectable for tests. */
export interface ToastTimers {
  set(callback: () => void, ms: number): TimerHandle;
}

/**
 * The platform's setTimeout, called as a plain function. Browsers refuse setTimeout called as a
 * method of any object but the window (Chromium: 'TypeError: Illegal invocation'), so storing it in
 * an object and calling timers.set(...) left every dismissed toast on screen.
 */
const platformTimers: ToastTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
};

/**
 * One store per browser tab, shared by every component that raises a toast and the Toaster that
 * draws them. Timers are injectable for tests.
 */
export function createToastStore(timers: ToastTimers = platformTimers) {
  // Detached, so even an injected setTimeout itself is never called with the object as receiver.
  const schedule = timers.set;
  let toasts: Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, TimerHandle>();

  function dispatch(action: ToastAction): void {
    toasts = toastReducer(toasts, action);
    if (action.type === 'dismiss') {
      for (const toast of toasts) {
        if ((action.id === undefined || toast.id === action.id) && !removals.has(toast.id)) {
          removals.set(
            toast.id,
            schedule(() => {
              removals.delete(toast.id);
              dispatch({ type: 'remove', id: toast.id });
            }, TOAST_REMOVE_DELAY_MS),
          );
        }
      }
    }
    for (const listener of listeners) listener(toasts);
  }

  return {
    /** Shows a toast (replacing the one on screen) and returns its id. */
    show(toast: Omit<Toast, 'id' | 'open'>): string {
      const id = String(++counter);
      dispatch({ type: 'add', toast: { ...toast, id, open: true } });
      return id;
    },
    update(toast: Partial<Toast> & { id: string }): void {
      dispatch({ type: 'update', toast });
    },
    dismiss(id?: string): void {
      dispatch({ type: 'dismiss', id });
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current(): Toast[] {
      return toasts;
    },
  };
}
export type ToastStore = ReturnType<typeof createToastStore>;

/** The tab's store. */
export const toasts = createToastStore();
