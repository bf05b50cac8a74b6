// The board dialog noteOnboarding (cancel an order with a note): its loader and form intents (app/modules/dialogs/board-dialogs.server.ts).
import type { BoardDialogSet } from "../dialogs/board-dialogs.server.ts";

export const CANCEL_ORDER_DIALOGS: BoardDialogSet = { loaders: {}, intents: {} };
