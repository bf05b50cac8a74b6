// The split dialogs (splitOrderModal, splitTradeModal, splitOffModal; ADR 049) on the boards: their loader and
// their one intent. Without JavaScript a post carrying `step` (Add Split, remove split N, move a unit to split N)
// writes nothing and answers the dialog again with the splits after the step; a post without it saves through
// the same operation as PUT /api/split-order, /split-trade and /split-off-rent, from the version the dialog was
// opened on.
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import {
  applySplitStep,
  maySplit,
  readSplitForm,
  SPLIT_FIELDS,
  SPLIT_INTENTS,
  SPLIT_OFF_DIALOG,
  SPLIT_ORDER_DIALOG,
  SPLIT_TRADE_DIALOG,
  type SplitDialogData,
  splitFormValues,
  splitStepNews,
} from "../../rules/splits/split-dialog.ts";
import type { SplitKind } from "../../rules/splits/splits.ts";
import { readId } from "../../rules/ids.ts";
import {
  type BoardDialogContext,
  type BoardDialogOutcome,
  type LoadedDialog,
  serveBoardDialog,
} from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, type OperationRefusal, refuse } from "../operations/operation.server.ts";
import { splitRequest } from "./split.server.ts";
import { loadSplitSource, SPLIT_LOAD_MESSAGES, unsplittable } from "./split-load.server.ts";

type PostedFields = Record<string, string | string[]>;

export const SPLIT_DIALOG_MESSAGES = {
  version: "The form does not say which version of the request it splits. Open the split again.",
} as const;

const LABELS: Record<SplitKind, string> = { order: "Order", trade: "Trade", "off-rent": "Off-rent" };

async function sourceFor(context: BoardDialogContext, kind: SplitKind, id: string | null | undefined) {
  const formHistoryId = idFromPath(id);
  if (formHistoryId === null) return refuse(404, SPLIT_LOAD_MESSAGES.notFound[kind]);
  return (await loadSplitSource(context.db, kind, formHistoryId)) ?? refuse(404, SPLIT_LOAD_MESSAGES.notFound[kind]);
}

function loader(kind: SplitKind) {
  return async (context: BoardDialogContext): Promise<LoadedDialog<SplitDialogData> | OperationRefusal> => {
    const source = await sourceFor(context, kind, context.search.get("formHistoryId"));
    if ("ok" in source) return source;
    const blocked = maySplit(kind, context.actor.permissions) ? unsplittable(source) : SPLIT_LOAD_MESSAGES.forbidden;
    return {
      titleContext: { companyName: source.companyName },
      data: {
        kind,
        formHistoryId: source.formHistoryId,
        requestLabel: `${LABELS[kind]} #${source.formHistoryId}`,
        companyName: source.companyName,
        version: source.version,
        original: source.original,
        fixed: source.fixed,
        unitLabels: source.unitLabels,
        blocked,
      },
    };
  };
}

function intent(kind: SplitKind) {
  return async (context: BoardDialogContext, fields: PostedFields): Promise<BoardDialogOutcome> => {
    if (!maySplit(kind, context.actor.permissions)) return refuse(403, SPLIT_LOAD_MESSAGES.forbidden);
    const source = await sourceFor(context, kind, fieldText(fields, SPLIT_FIELDS.formHistoryId));
    if ("ok" in source) return source;
    const blocked = unsplittable(source);
    if (blocked) return refuse(409, blocked);
    const read = readSplitForm(fields, kind, source.original);
    if (!read.ok) return refuse(400, read.message);
    const step = fieldText(fields, SPLIT_FIELDS.step);
    if (step !== undefined && step !== "") {
      const next = applySplitStep(read.splits, kind, step, source.fixed);
      if (!next.ok) return refuse(400, next.message);
      return {
        ok: true,
        lists: [],
        rerender: { message: splitStepNews(step, next.splits), values: splitFormValues(next.splits) },
      };
    }
    const version = readId(fieldText(fields, SPLIT_FIELDS.version) ?? "");
    if (version === null) return refuse(400, SPLIT_DIALOG_MESSAGES.version);
    return splitRequest(context.db, context.actor, kind, {
      formHistoryId: source.formHistoryId,
      version,
      expected: {},
      splits: read.splits,
    });
  };
}

export const SPLIT_ORDER_DIALOG_SERVER = serveBoardDialog(SPLIT_ORDER_DIALOG, {
  load: loader("order"),
  intents: { [SPLIT_INTENTS.order]: intent("order") },
});

export const SPLIT_TRADE_DIALOG_SERVER = serveBoardDialog(SPLIT_TRADE_DIALOG, {
  load: loader("trade"),
  intents: { [SPLIT_INTENTS.trade]: intent("trade") },
});

export const SPLIT_OFF_DIALOG_SERVER = serveBoardDialog(SPLIT_OFF_DIALOG, {
  load: loader("off-rent"),
  intents: { [SPLIT_INTENTS["off-rent"]]: intent("off-rent") },
});
