// The editOffTrade dialog's conversion (ADR 032; trade-off-edit-dialog.tsx): the confirmation that asks the
// specification's question, with the returning unit the customer keeps. With JavaScript it opens in place
// and Yes posts its intent through its own dialog form; without it "Convert to order…" and No are posts of
// the question's intent (the dialog comes back with the question shown or gone, every value kept) and Yes
// is a plain post. The trade's stored values the off side converts with travel as hidden fields of the
// confirmation, which the edit's payload does not read; a refusal of one of them is said under the question.
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { type ComponentProps, useId } from "react";
import {
  CONVERT_VIN_FIELD,
  TRADE_OFF_CONVERT_TEXTS,
  TRADE_OFF_EDIT_INTENTS,
  type TradeOffEditDialogData,
} from "~/rules/orders/trade-off-edit-dialog.ts";

/** A button posting the question's intent without JavaScript, or doing `onClick` in place with it. */
export function AskButton({
  hydrated,
  onClick,
  children,
  ...props
}: { hydrated: boolean; onClick: () => void; children: string } & Pick<
  ComponentProps<typeof Button>,
  "color" | "variant"
>) {
  return (
    <Button
      type={hydrated ? "button" : "submit"}
      name={hydrated ? undefined : "intent"}
      value={hydrated ? undefined : TRADE_OFF_EDIT_INTENTS.convertAsk}
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
  offer,
  chosen,
  hydrated,
  converting,
  fieldError,
  onNo,
}: {
  offer: NonNullable<TradeOffEditDialogData["convert"]>;
  /** The unit chosen before (a re-render keeps it); the first returning unit otherwise. */
  chosen: string;
  hydrated: boolean;
  converting: boolean;
  /** The conversion's refusal of a field: the unit kept, or a stored value it carries. */
  fieldError: (name: string) => string | null;
  onNo: () => void;
}) {
  const id = useId();
  const errors = [CONVERT_VIN_FIELD, ...Object.keys(offer.carried)].flatMap((name) => fieldError(name) ?? []);
  return (
    <Callout.Root color="amber" role="group" aria-labelledby={id} data-convert-confirm="">
      {Object.entries(offer.carried).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Text as="p" size="2" weight="bold" id={id}>
        {TRADE_OFF_CONVERT_TEXTS.question}
      </Text>
      <Text as="p" size="1">
        {TRADE_OFF_CONVERT_TEXTS.unsaved}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <label htmlFor={`${id}-unit`}>
          <Text size="2">Unit the customer keeps on rent</Text>
        </label>
        <select id={`${id}-unit`} name={CONVERT_VIN_FIELD} defaultValue={chosen || offer.units[0]}>
          {offer.units.map((unit) => (
            <option key={unit}>{unit}</option>
          ))}
        </select>
        <AskButton hydrated={hydrated} onClick={onNo} color="gray">
          No
        </AskButton>
        {/* A post of its own intent with the whole form, with and without JavaScript (alsoPosts). */}
        <Button type="submit" name="intent" value={TRADE_OFF_EDIT_INTENTS.convert} color="amber" loading={converting}>
          Yes
        </Button>
      </Flex>
      {errors.map((message) => (
        <Text key={message} as="p" size="1" color="red">
          {message}
        </Text>
      ))}
    </Callout.Root>
  );
}
