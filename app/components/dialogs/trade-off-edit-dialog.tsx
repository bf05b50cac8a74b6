// The editOffTrade dialog ('Edit Order'): a trade's return half — the off-rent dialog's fields
// (off-rent-edit-fields.tsx) and the returning units still to come back (returning-units.tsx), the
// completed ones listed apart — plus converting the trade into a plain order (trade-convert-confirmation.tsx,
// ADR 032). On the dialog kit: without JavaScript every button is a plain post answered by the dialog
// re-rendered with every value kept; with it they work in place. As in the editOnTrade dialog, the browser
// does not run the edit's rules itself: they would put zod and the trade's field rules into this chunk,
// over the page weight ceiling.
import { Badge, Flex, Text } from "@radix-ui/themes";
import { Fragment, useId, useState } from "react";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import type { OffRentFieldName } from "~/rules/orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import {
  CONVERT_ASKED_FIELD,
  CONVERT_VIN_FIELD,
  isAskingAfter,
  TRADE_CONVERT_TEXTS,
} from "~/rules/orders/trade-convert-dialog.ts";
import {
  type CompletedTradeUnit,
  type TRADE_OFF_EDIT_DIALOG,
  TRADE_OFF_EDIT_INTENTS,
  TRADE_OFF_EDIT_MESSAGE_MS,
  TRADE_OFF_OPTIONAL_FIELDS,
  TRADE_VERSION_FIELD,
  type TradeOffEditDialogData,
} from "~/rules/orders/trade-off-edit-dialog.ts";
import { useHydrated } from "../app-dialog.tsx";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, FIELDSET_RESET, Notice } from "./dialog-sections.tsx";
import { OffRentFieldsSection } from "./off-rent-edit-fields.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";
import { ReturningUnitsSection, useReturningUnits } from "./returning-units.tsx";
import { ConvertConfirmation, TradeDialogActions } from "./trade-convert-confirmation.tsx";

const CONVERT_INTENTS = { ask: TRADE_OFF_EDIT_INTENTS.convertAsk, convert: TRADE_OFF_EDIT_INTENTS.convert };

const UNITS_INTENTS = {
  testUnits: TRADE_OFF_EDIT_INTENTS.testUnits,
  addUnit: TRADE_OFF_EDIT_INTENTS.addUnit,
  removeUnits: TRADE_OFF_EDIT_INTENTS.removeUnits,
};

/** A posted field's first value ("" for none): a re-render keeps what was sent. */
function postedText(posted: DialogActionData, name: string): string {
  const value = posted.values[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

export default function TradeOffEditDialog({
  data,
  actionData,
  closeHref,
  readOnly,
}: BoardDialogProps<"editOffTrade">) {
  // A newer version of either half (after "Load the latest version") starts a fresh form.
  return (
    <TradeOffEditForm
      key={`${data.version}-${data.tradeVersion}`}
      data={data}
      actionData={actionData}
      closeHref={closeHref}
      readOnly={readOnly}
    />
  );
}

function TradeOffEditForm({
  data,
  actionData,
  closeHref,
  readOnly,
}: {
  data: TradeOffEditDialogData;
  actionData: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const hydrated = useHydrated();
  const formId = useId();
  const messageMs = TRADE_OFF_EDIT_MESSAGE_MS;
  const save = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.save, { actionData, messageMs });
  const test = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.testUnits, {
    actionData,
    messageMs,
    failedMessage: OFF_RENT_EDIT_MESSAGES.testFailed,
    // A test writes nothing: the board's lists and this dialog's data stay as they are.
    reloads: false,
  });
  const convert = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.convert, {
    actionData,
    messageMs,
    failedMessage: TRADE_CONVERT_TEXTS.failed,
  });
  // Posted without JavaScript only (with it they happen in place): their answers are re-renders.
  const add = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.addUnit, { actionData, messageMs });
  const remove = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.removeUnits, {
    actionData,
    messageMs,
  });
  const ask = useDialogForm<typeof TRADE_OFF_EDIT_DIALOG>(TRADE_OFF_EDIT_INTENTS.convertAsk, { actionData, messageMs });

  // What the page was posted with (no JavaScript: a refusal or a re-render, every value kept), read once.
  const [posted] = useState(
    () => save.answer ?? test.answer ?? add.answer ?? remove.answer ?? ask.answer ?? convert.answer,
  );
  const initial = (name: OffRentFieldName): string => (posted ? postedText(posted, name) : data.fields[name]);
  const kept = (name: string, stored: number) => (posted ? postedText(posted, name) : "") || String(stored);
  const units = useReturningUnits(data.lines, posted, [save.answer, test.answer], UNITS_INTENTS);
  const [asking, setAsking] = useState(() => isAskingAfter(posted, CONVERT_INTENTS));

  // One message at a time: the news of the form sent last. A test that ran is news only without
  // JavaScript (with it, each row shows its result); the question shows in its own box.
  const speaker = newestForm([save, test, add, remove, ask, convert]);
  const quiet =
    (hydrated && speaker.intent === TRADE_OFF_EDIT_INTENTS.testUnits && !speaker.refused) ||
    (speaker.intent === TRADE_OFF_EDIT_INTENTS.convertAsk && !speaker.refused && asking);
  const message = quiet ? null : speaker.message;
  const conflict = speaker.conflict;
  const fieldError = (name: string) => speaker.fieldError(name);
  const editable = data.readOnlyReason === null && !readOnly;
  const offer = editable ? data.convert : null;

  return (
    <DialogFormElement form={save} alsoPosts={[test, convert]} noValidate aria-labelledby={`${formId}-heading`}>
      {/* The default button (Enter in a field) is Save Changes, not the buttons that come first. */}
      {editable ? <DefaultSubmit /> : null}
      <input type="hidden" name="FormHistoryID" value={data.FormHistoryID} />
      <input type="hidden" name="TradeFormID" value={data.TradeFormID} />
      <input type="hidden" name="OffRentFormID" value={data.OffRentFormID} />
      {/* The versions the dialog was opened at (kept across no-JavaScript re-renders): the edit's and the conversion's. */}
      <input type="hidden" name="version" value={kept("version", data.version)} />
      <input type="hidden" name={TRADE_VERSION_FIELD} value={kept(TRADE_VERSION_FIELD, data.tradeVersion)} />
      <input type="hidden" name={CONVERT_ASKED_FIELD} value={asking ? "true" : "false"} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {data.companyName} · Trade return #{data.FormHistoryID} · {data.stageLabel}
        </Text>
        {!editable ? <Notice>{data.readOnlyReason ?? "You can view this trade but not edit it."}</Notice> : null}
        {conflict ? <StaleVersionNotice conflict={conflict} reloadHref={save.action} /> : null}

        <fieldset disabled={!editable} style={FIELDSET_RESET}>
          <Flex direction="column" gap="4">
            <OffRentFieldsSection
              section="order"
              initial={initial}
              fieldError={fieldError}
              // Another company code names another customer: every unit test is void.
              onChange={{ compCode: units.untest }}
            />
            <ReturningUnitsSection
              units={units}
              intents={UNITS_INTENTS}
              hydrated={hydrated}
              editable={editable}
              partlyAssigned={data.partlyAssigned}
              testing={test.busy}
              fieldError={fieldError}
              unitsNotShown={data.completedLines.length}
            />
            <CompletedUnits units={data.completedLines} />
            <OffRentFieldsSection
              section="contact"
              initial={initial}
              fieldError={fieldError}
              optional={TRADE_OFF_OPTIONAL_FIELDS}
            />
          </Flex>
        </fieldset>

        {/* A version conflict says so in its notice, which stays until the latest version is loaded. */}
        {conflict ? null : <FormMessage message={message} tone={speaker.refused ? "error" : "success"} />}
        <TradeDialogActions
          confirmation={
            offer && asking ? (
              <ConvertConfirmation
                units={offer.units}
                carried={offer.carried}
                intents={CONVERT_INTENTS}
                chosen={posted ? postedText(posted, CONVERT_VIN_FIELD) : ""}
                hydrated={hydrated}
                converting={convert.busy}
                fieldError={(name) => convert.fieldError(name)}
                onNo={() => setAsking(false)}
              />
            ) : null
          }
          offersConvert={offer !== null}
          onAsk={() => setAsking(true)}
          hydrated={hydrated}
          intents={CONVERT_INTENTS}
          closeHref={closeHref}
          editable={editable}
          saving={save.busy}
        />
        <OrderHistory entries={data.history} />
      </Flex>
    </DialogFormElement>
  );
}

/** The units a carrier already picked up: done with on this trade, so neither edited nor entered again. */
function CompletedUnits({ units }: { units: readonly CompletedTradeUnit[] }) {
  if (units.length === 0) return null;
  return (
    <Text as="p" size="2" data-completed-units="">
      <Text weight="bold">Completed units</Text> (picked up; they cannot be changed or entered again):{" "}
      {units.map((unit, index) => (
        <Fragment key={unit.id}>
          {index > 0 ? ", " : null}
          <Text data-completed-unit={unit.vin}>
            {unit.vin} <Badge color="green">{unit.statusLabel}</Badge>
          </Text>
        </Fragment>
      ))}
    </Text>
  );
}
