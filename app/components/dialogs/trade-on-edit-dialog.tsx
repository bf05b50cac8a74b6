// The editOnTrade dialog ('Edit Order'): a trade's new half (edit-fields.tsx draws its fields from the
// field table the loader hands over) and its returning units (returning-units.tsx, as the off-rent
// dialog's). On the transport page it lists only the units still to be swapped (the completed ones count
// as its unit offset) and titles the pickup section 'Delivery Information'. On the dialog kit: without
// JavaScript every button is a plain post answered by the dialog re-rendered with every value kept; with
// it they work in place. The browser does not run the edit's rules itself: they would put zod and the
// field rules into this chunk, over the page weight ceiling. For the On Rent team it also converts the
// trade into a plain order (trade-convert-confirmation.tsx, ADR 032).
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { Fragment, type ReactNode, useId, useState } from "react";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import {
  CONVERT_VIN_FIELD,
  CONVERT_ASKED_FIELD,
  isAskingAfter,
  isConversionEnabled,
  TRADE_CONVERT_TEXTS,
} from "~/rules/orders/trade-convert-dialog.ts";
import {
  SEPARATE_DELIVERY_FIELD,
  type TRADE_ON_EDIT_DIALOG,
  TRADE_ON_EDIT_DIALOG_MESSAGE_MS,
  TRADE_ON_EDIT_INTENTS,
  type TradeOnEditDialogData,
} from "~/rules/orders/trade-on-edit-dialog.ts";
import { useHydrated } from "../app-dialog.tsx";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, FIELDSET_RESET, Notice } from "./dialog-sections.tsx";
import { EditFieldsSection } from "./edit-fields.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";
import { ReturningUnitsSection, useReturningUnits } from "./returning-units.tsx";
import { ConvertConfirmation, TradeDialogActions } from "./trade-convert-confirmation.tsx";

const CONVERT_INTENTS = { ask: TRADE_ON_EDIT_INTENTS.convertAsk, convert: TRADE_ON_EDIT_INTENTS.convert };

const UNITS_INTENTS = {
  testUnits: TRADE_ON_EDIT_INTENTS.testUnits,
  addUnit: TRADE_ON_EDIT_INTENTS.addUnit,
  removeUnits: TRADE_ON_EDIT_INTENTS.removeUnits,
};

/** A posted field's first value ("" for none), as formText (app/rules/orders/off-rent-edit/form.ts) reads it. */
function postedText(values: DialogActionData["values"], name: string): string {
  const value = values[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A truck count as typed (the mask keeps 3 digits); anything else counts as none. */
const countOf = (text: string | undefined) => (text && /^\d{1,3}$/.test(text) ? Number(text) : 0);

export default function TradeOnEditDialog({ data, actionData, closeHref, readOnly }: BoardDialogProps<"editOnTrade">) {
  // A newer version (after "Load the latest version") starts a fresh form.
  return (
    <TradeOnEditForm key={data.version} data={data} actionData={actionData} closeHref={closeHref} readOnly={readOnly} />
  );
}

function TradeOnEditForm({
  data,
  actionData,
  closeHref,
  readOnly,
}: {
  data: TradeOnEditDialogData;
  actionData: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const hydrated = useHydrated();
  const formId = useId();
  const messageMs = TRADE_ON_EDIT_DIALOG_MESSAGE_MS;
  // Checked by the operation it posts to (the rules of PUT /api/trade/on/edit), whose refusal shows for
  // 6 s as a check of the browser's own would; so is "Test units" with nothing to test.
  const save = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.save, { actionData, messageMs });
  const test = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.testUnits, {
    actionData,
    messageMs,
    failedMessage: OFF_RENT_EDIT_MESSAGES.testFailed,
    // A test writes nothing: the board's lists and this dialog's data stay as they are.
    reloads: false,
  });
  // Posted without JavaScript only (with it they happen in place): their answers are re-renders.
  const add = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.addUnit, { actionData, messageMs });
  const remove = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.removeUnits, {
    actionData,
    messageMs,
  });
  const delivery = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.delivery, {
    actionData,
    messageMs,
  });
  const ask = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.convertAsk, { actionData, messageMs });
  const convert = useDialogForm<typeof TRADE_ON_EDIT_DIALOG>(TRADE_ON_EDIT_INTENTS.convert, {
    actionData,
    messageMs,
    failedMessage: TRADE_CONVERT_TEXTS.failed,
  });

  // What the page was posted with (no JavaScript: a refusal or a re-render, every value kept), read once.
  const [posted] = useState(
    () => save.answer ?? test.answer ?? add.answer ?? remove.answer ?? delivery.answer ?? ask.answer ?? convert.answer,
  );
  // An unticked checkbox sends nothing, nor does a hidden delivery block: shown again, it starts from
  // the trade's own delivery address, if it has one.
  const initial = (name: string, kind?: string): string =>
    posted && (name in posted.values || kind === "yesNo") ? postedText(posted.values, name) : (data.values[name] ?? "");
  const version = (posted && postedText(posted.values, "version")) || String(data.version);
  const [separateDelivery, setSeparateDelivery] = useState(() => {
    if (!posted) return data.separateDelivery;
    const shown = postedText(posted.values, SEPARATE_DELIVERY_FIELD) === "true";
    return posted.intent === TRADE_ON_EDIT_INTENTS.delivery && posted.ok ? !shown : shown;
  });
  const units = useReturningUnits(data.lines, posted, [save.answer, test.answer], UNITS_INTENTS);
  const [asking, setAsking] = useState(() => isAskingAfter(posted, CONVERT_INTENTS));

  const [counts, setCounts] = useState<Record<string, string>>({});
  const countFields = data.sections.flatMap((section) => section.fields).filter((entry) => entry.kind === "count");
  const newTrucks = countFields.reduce((sum, entry) => sum + countOf(counts[entry.name] ?? initial(entry.name)), 0);
  const completed = data.completedLines.length;
  const returning = units.rows.filter((row) => !row.removed).length + completed;

  // One message at a time: the news of the form sent last. A test that ran is news only without
  // JavaScript (with it, each row shows its result); the question shows in its own box.
  const speaker = newestForm([save, test, add, remove, delivery, ask, convert]);
  const quiet =
    (hydrated && speaker.intent === TRADE_ON_EDIT_INTENTS.testUnits && !speaker.refused) ||
    (speaker.intent === TRADE_ON_EDIT_INTENTS.convertAsk && !speaker.refused && asking);
  const conflict = speaker.conflict;
  const fieldError = (name: string) => speaker.fieldError(name);
  const editable = data.readOnlyReason === null && !readOnly;
  const offer = editable ? data.convert : null;
  const convertBlocked =
    offer && !isConversionEnabled({ newTrucks, returningUnits: offer.returningUnits })
      ? TRADE_CONVERT_TEXTS.enablingRule(offer.returningUnits)
      : null;

  /** What follows a section's fields: the truck totals, then the units; the separate delivery's button. */
  const after = (id: string): ReactNode => {
    if (id === "order") {
      return (
        <Box gridColumn="1 / -1" data-trade-totals="">
          <Text as="p" size="2" aria-live="polite">
            New trucks: <strong data-new-trucks="">{newTrucks}</strong> · Returning units:{" "}
            <strong data-returning-count="">{returning}</strong>
            {completed > 0 ? ` (${completed} already swapped, not listed)` : null}
          </Text>
        </Box>
      );
    }
    // The transport page books the delivery where the trade says: it neither adds nor removes one.
    if (id !== "pickup" || !editable || data.orderPage === "transport") return null;
    return (
      <Box gridColumn="1 / -1">
        <Button
          type={hydrated ? "button" : "submit"}
          name={hydrated ? undefined : "intent"}
          value={hydrated ? undefined : TRADE_ON_EDIT_INTENTS.delivery}
          variant="soft"
          onClick={hydrated ? () => setSeparateDelivery((shown) => !shown) : undefined}
        >
          {separateDelivery ? "Remove the separate delivery address" : "Add a separate delivery address"}
        </Button>
      </Box>
    );
  };

  return (
    <DialogFormElement form={save} alsoPosts={[test, convert]} noValidate aria-labelledby={`${formId}-heading`}>
      {/* The default button (Enter in a field) is Save Changes, not the buttons that come first. */}
      {editable ? <DefaultSubmit /> : null}
      <input type="hidden" name="FormHistoryID" value={data.FormHistoryID} />
      <input type="hidden" name="TradeFormID" value={data.TradeFormID} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name={SEPARATE_DELIVERY_FIELD} value={String(separateDelivery)} />
      <input type="hidden" name={CONVERT_ASKED_FIELD} value={asking ? "true" : "false"} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {data.companyName} · Trade #{data.FormHistoryID} · {data.stageLabel}
        </Text>
        {!editable ? <Notice>{data.readOnlyReason ?? "You can view this trade but not edit it."}</Notice> : null}
        {conflict ? <StaleVersionNotice conflict={conflict} reloadHref={save.action} /> : null}

        <fieldset disabled={!editable} style={FIELDSET_RESET}>
          <Flex direction="column" gap="4">
            {data.sections.map((section) =>
              section.id === "delivery" && !separateDelivery ? null : (
                <Fragment key={section.id}>
                  <EditFieldsSection
                    title={separateDelivery ? section.titleWithDelivery : section.title}
                    fields={section.fields}
                    initial={(name) => initial(name, section.fields.find((entry) => entry.name === name)?.kind)}
                    fieldError={fieldError}
                    onValueChange={(entry, value) => {
                      if (entry.kind === "count") setCounts((before) => ({ ...before, [entry.name]: value }));
                      // Another company code names another customer: every unit test is void.
                      if (entry.kind === "companyCode") units.untest();
                    }}
                  >
                    {after(section.id)}
                  </EditFieldsSection>
                  {section.id === "order" ? (
                    <ReturningUnitsSection
                      units={units}
                      intents={UNITS_INTENTS}
                      hydrated={hydrated}
                      editable={editable}
                      partlyAssigned={data.partlyAssigned}
                      testing={test.busy}
                      fieldError={fieldError}
                      unitsNotShown={completed}
                    />
                  ) : null}
                </Fragment>
              ),
            )}
          </Flex>
        </fieldset>

        {/* A version conflict says so in its notice, which stays until the latest version is loaded. */}
        {conflict ? null : (
          <FormMessage message={quiet ? null : speaker.message} tone={speaker.refused ? "error" : "success"} />
        )}
        <TradeDialogActions
          confirmation={
            offer && asking ? (
              <ConvertConfirmation
                units={offer.units}
                intents={CONVERT_INTENTS}
                chosen={posted ? postedText(posted.values, CONVERT_VIN_FIELD) : ""}
                hydrated={hydrated}
                converting={convert.busy}
                blocked={convertBlocked}
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
