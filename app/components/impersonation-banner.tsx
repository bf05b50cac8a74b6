// Shown under the (pink) navigation bar while an administrator acts as another user: who is acting
// as whom, and one click back to the administrator's own account (a plain form: works without JS).
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form } from "react-router";

export function ImpersonationBanner({
  impersonatorName,
  user,
}: {
  impersonatorName: string;
  user: { firstName: string; lastName: string };
}) {
  return (
    <Callout.Root color="pink" variant="surface" role="status" style={{ borderRadius: 0 }}>
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Text size="2">
          <strong>{impersonatorName}</strong> is acting as{" "}
          <strong>
            {user.firstName} {user.lastName}
          </strong>
          . Everything done now is recorded with both names.
        </Text>
        <Form method="post" action="/impersonation">
          <input type="hidden" name="intent" value="stop" />
          <Button type="submit" size="1" color="pink">
            Return to my account
          </Button>
        </Form>
      </Flex>
    </Callout.Root>
  );
}
