// The board dialog notesGeneral (the notes of a request or unit): its loader and form intents (app/modules/dialogs/board-dialogs.server.ts).
import type { BoardDialogSet } from "../dialogs/board-dialogs.server.ts";

export const NOTES_DIALOGS: BoardDialogSet = { loaders: {}, intents: {} };
