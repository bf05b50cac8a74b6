// The page's live connection as a badge ('Live', 'Reconnecting…', 'Connecting…'): a board's lists, and the
// departments page's list, follow changes made elsewhere while it says Live. Drawn once scripts run
// (without them nothing is live).
import { Badge } from "@radix-ui/themes";
import { useHydrated } from "~/components/app-dialog.tsx";
import type { LiveState } from "~/utils/board-socket.ts";

export function LiveIndicator({ state }: { state: LiveState }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const label = state === "live" ? "Live" : state === "reconnecting" ? "Reconnecting…" : "Connecting…";
  return (
    <Badge role="status" aria-live="polite" color={state === "live" ? "green" : "orange"} variant="soft">
      <span
        aria-hidden="true"
        style={{
          width: 8,
          height: 8,
          borderRadius: "50%",
          background: state === "live" ? "var(--green-9)" : "var(--orange-9)",
          display: "inline-block",
        }}
      />
      {label}
    </Badge>
  );
}
