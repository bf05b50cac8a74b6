// The prepay dialog (removePrepayOrder; ADR 041): the specification's Yes/No confirmation. Yes posts the
// intent through the dialog kit, a fetcher with JavaScript and a plain post without; No closes.
import { Button, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import {
  ORDER_PRIORITY_MESSAGE_MS,
  ORDER_PRIORITY_MESSAGES as M,
  type PREPAY_REMOVE_DIALOG,
  REMOVE_PREPAY_INTENT,
} from "~/rules/orders/order-priority.ts";
import { FormMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { Notice } from "./dialog-sections.tsx";

export default function PrepayRemoveDialog({
  data,
  actionData,
  closeHref,
  readOnly,
}: BoardDialogProps<"removePrepayOrder">) {
  const form = useDialogForm<typeof PREPAY_REMOVE_DIALOG>(REMOVE_PREPAY_INTENT, {
    actionData,
    messageMs: ORDER_PRIORITY_MESSAGE_MS,
    failedMessage: M.prepayFailed,
  });
  const blocked = data.blocked ?? (readOnly ? "This board is read only." : null);
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2">
        {data.requestLabel} · {data.companyName}
      </Text>
      {blocked ? (
        <Notice>{blocked}</Notice>
      ) : (
        <DialogFormElement form={form} aria-label="Remove prepay">
          <input type="hidden" name="OrderFormID" value={data.orderFormId} />
          <input type="hidden" name="FormHistoryID" value={data.formHistoryId} />
          <Flex direction="column" gap="3">
            <Text as="p">Remove the confirmed prepay from this order?</Text>
            <Flex gap="2" justify="end">
              <Button type="submit" color="red" loading={form.busy}>
                Yes
              </Button>
              <Button asChild variant="soft">
                <Link to={closeHref} preventScrollReset>
                  No
                </Link>
              </Button>
            </Flex>
          </Flex>
        </DialogFormElement>
      )}
      <FormMessage message={form.message} />
    </Flex>
  );
}
