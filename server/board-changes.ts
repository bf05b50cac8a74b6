// Where changes go before the realtime layer attaches (the BoardChanges type: app/modules/platform).
import type { BoardChanges } from "../app/modules/platform/services.server.ts";

/** Until the realtime layer is attached (and in tests that do not need it): changes go nowhere. */
export const ignoreBoardChanges: BoardChanges = { listsChanged: () => undefined, announce: () => undefined };
