// What a customer sees after a public form was accepted (ADR 047): the reference number, large enough to
// read out over the phone, and whether a receipt was mailed. Reached by a redirect (303) after the POST, so
// reloading it never sends the form again.
import { Box, Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function PublicFormConfirmation({
  title,
  reference,
  receiptSent,
  againHref,
  againLabel,
  children,
}: {
  title: string;
  reference: string;
  /** Whether a receipt went to the address the customer gave. */
  receiptSent: boolean;
  againHref: string;
  againLabel: string;
  children?: ReactNode;
}) {
  return (
    <Container size="2" px="3" py="4">
      <Flex direction="column" gap="4">
        <Callout.Root color="green" role="status" size="3">
          <Callout.Text>
            <Heading as="h1" size="6">
              {title}
            </Heading>
          </Callout.Text>
        </Callout.Root>
        <Box>
          <Text as="p" size="3">
            Your reference number is
          </Text>
          <Text as="p" size="8" weight="bold" data-testid="public-form-reference" style={{ letterSpacing: "0.05em" }}>
            {reference}
          </Text>
        </Box>
        <Text as="p" size="3">
          {receiptSent
            ? "We sent a receipt to the e-mail address you gave."
            : "Please keep this number: you gave no e-mail address for a receipt."}
        </Text>
        {children}
        <Box>
          <Button asChild size="3" variant="soft">
            <a href={againHref}>{againLabel}</a>
          </Button>
        </Box>
      </Flex>
    </Container>
  );
}
