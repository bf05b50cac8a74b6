// The conversion's confirmation in both trade dialogs (ADR 032; trade-on-edit-dialog.tsx,
// trade-off-edit-dialog.tsx): the specification's question, with the returning unit the customer keeps.
// With JavaScript it opens in place and Yes posts its intent through the dialog's form; without it
// "Convert to order…" and No are posts of the question's intent (the dialog comes back with the question
// shown or gone, every value kept) and Yes is a plain post. What the dialog converts with besides the
// unit travels as form fields: the on-rent editor's own inputs, or (off-rent editor) the trade's stored
// values as hidden fields here, whose refusals are said under the question.
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Link } from "react-router";
import { CONVERT_VIN_FIELD, type ConvertIntents, TRADE_CONVERT_TEXTS } from "~/rules/orders/trade-convert-dialog.ts";

/** A button posting the question's intent without JavaScript, or doing `onClick` in place with it. */
export function AskButton({
  hydrated,
  intents,
  onClick,
  children,
  ...props
}: { hydrated: boolean; intents: ConvertIntents; onClick: () => void; children: string } & Pick<
  ComponentProps<typeof Button>,
  "color" | "variant"
>) {
  return (
    <Button
      type={hydrated ? "button" : "submit"}
      name={hydrated ? undefined : "intent"}
      value={hydrated ? undefined : intents.ask}
      variant="soft"
      onClick={hydrated ? onClick : undefined}
      {...props}
    >
      {children}
    </Button>
  );
}

/** The question, the unit kept, and Yes / No. */
export function ConvertConfirmation({
  units,
  carried = {},
  chosen,
  hydrated,
  intents,
  converting,
  blocked = null,
  fieldError,
  onNo,
}: {
  /** The returning units one of which may stay on rent. */
  units: readonly string[];
  /** Values the form carries only for the conversion, as hidden fields. */
  carried?: Readonly<Record<string, string>>;
  /** The unit chosen before (a re-render keeps it); the first returning unit otherwise. */
  chosen: string;
  hydrated: boolean;
  intents: ConvertIntents;
  converting: boolean;
  /** Why Yes is not enabled yet (the on-rent editor's rule, run in the browser), or null. */
  blocked?: string | null;
  /** The conversion's refusal of a field: the unit kept, or a carried value. */
  fieldError: (name: string) => string | null;
  onNo: () => void;
}) {
  const id = useId();
  const errors = [CONVERT_VIN_FIELD, ...Object.keys(carried)].flatMap((name) => fieldError(name) ?? []);
  return (
    <Callout.Root color="amber" role="group" aria-labelledby={id} data-convert-confirm="">
      {Object.entries(carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Text as="p" size="2" weight="bold" id={id}>
        {TRADE_CONVERT_TEXTS.question}
      </Text>
      <Text as="p" size="1">
        {TRADE_CONVERT_TEXTS.unsaved}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor={`${id}-unit`}>
          <Text size="2">Unit the customer keeps on rent</Text>
        </label>
        <select id={`${id}-unit`} name={CONVERT_VIN_FIELD} defaultValue={chosen || units[0]}>
          {units.map((unit) => (
            <option key={unit}>{unit}</option>
          ))}
        </select>
        <AskButton hydrated={hydrated} intents={intents} onClick={onNo} color="gray">
          No
        </AskButton>
        {/* A post of its own intent with the whole form, with and without JavaScript (alsoPosts). Without
            JavaScript it stays enabled: the counts typed since the page was drawn are the server's to check. */}
        <Button
          type="submit"
          name="intent"
          value={intents.convert}
          color="amber"
          loading={converting}
          disabled={hydrated && blocked !== null}
          aria-describedby={hydrated && blocked !== null ? `${id}-blocked` : undefined}
        >
          Yes
        </Button>
      </Flex>
      {hydrated && blocked !== null ? (
        <Text as="p" size="1" id={`${id}-blocked`} data-convert-blocked="">
          {blocked}
        </Text>
      ) : null}
      {errors.map((message) => (
        <Text key={message} as="p" size="1" color="red">
          {message}
        </Text>
      ))}
    </Callout.Root>
  );
}

/**
 * The foot of a trade dialog: the conversion's question while it is asked (`confirmation`), else
 * "Convert to order…" when the dialog offers it; then Cancel and, for an editor, Save Changes.
 */
export function TradeDialogActions({
  confirmation,
  offersConvert,
  onAsk,
  hydrated,
  intents,
  closeHref,
  editable,
  saving,
}: {
  confirmation: ReactNode;
  offersConvert: boolean;
  onAsk: () => void;
  hydrated: boolean;
  intents: ConvertIntents;
  closeHref: string;
  editable: boolean;
  saving: boolean;
}) {
  return (
    <>
      {confirmation}
      <Flex gap="3" justify="between" wrap="wrap">
        <Flex gap="3">
          {offersConvert && !confirmation ? (
            <AskButton hydrated={hydrated} intents={intents} onClick={onAsk} color="amber">
              Convert to order…
            </AskButton>
          ) : null}
        </Flex>
        <Flex gap="3">
          <Button asChild variant="soft" color="gray">
            <Link to={closeHref}>Cancel</Link>
          </Button>
          {editable ? (
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </>
  );
}
