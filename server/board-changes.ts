// How a successful mutation announces which card lists it changed. Domain operations return the lists
// they touched; the edge that ran them (page action, JSON endpoint, socket event) hands them here once,
// and the realtime layer recomputes each list and pushes it to its room (coalesced, see server/realtime).
import type { CardListName } from "../app/rules/boards.ts";

export interface BoardChanges {
  /**
   * Marks lists as changed; the realtime layer refreshes each once per burst. `requests` (FormHistory
   * ids), when the change names them, holds every request whose cards it changed: a list kept per
   * request then computes only their cards (ADR 021).
   */
  listsChanged(lists: readonly CardListName[], requests?: readonly number[]): void;
}

/** Until the realtime layer is attached (and in tests that do not need it): changes go nowhere. */
export const ignoreBoardChanges: BoardChanges = { listsChanged: () => undefined };
