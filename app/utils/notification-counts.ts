// The page load's live card counts (app/rules/boards/notification-counts.ts), fed by the board socket's
// NOTIFICATIONS_EVENT and read by the navigation bar for its board links' badges.
import { useSyncExternalStore } from "react";
import { mergeNotificationCounts, type NotificationCounts } from "~/rules/boards/notification-counts.ts";

const NONE: NotificationCounts = {};
let known: NotificationCounts = NONE;
const listeners = new Set<() => void>();

/** A NOTIFICATIONS_EVENT payload: merged when well formed, ignored otherwise. */
export function acceptNotifications(payload: unknown): void {
  const next = mergeNotificationCounts(known, payload);
  if (next === known) return;
  known = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotificationCounts(): NotificationCounts {
  return useSyncExternalStore(
    subscribe,
    () => known,
    () => NONE,
  );
}
