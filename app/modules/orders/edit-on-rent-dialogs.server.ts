// The board dialog editOnboarding (edit an on-rent order): its loader and form intents (app/modules/dialogs/board-dialogs.server.ts).
import type { BoardDialogSet } from "../dialogs/board-dialogs.server.ts";

export const EDIT_ON_RENT_DIALOGS: BoardDialogSet = { loaders: {}, intents: {} };
