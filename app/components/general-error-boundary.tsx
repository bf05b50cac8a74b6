// The one error screen: a friendly message per HTTP status, never a stack trace in production.
import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

function describe(error: unknown): { title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" && error.data ? error.data : undefined;
    switch (error.status) {
      case 400:
        return { title: "Bad request", message: detail ?? "The request could not be understood." };
      case 403:
        return { title: "Not allowed", message: detail ?? "You do not have permission to do that." };
      case 404:
        return { title: "Page not found", message: detail ?? "The page you asked for does not exist." };
      case 409:
        return { title: "Changed meanwhile", message: detail ?? "Someone else changed this first." };
      case 503:
        return {
          title: "Back in a moment",
          message: detail ?? "The service is briefly unavailable. Please try again.",
        };
      default:
        return { title: `Error ${error.status}`, message: detail ?? error.statusText ?? "Something went wrong." };
    }
  }
  return { title: "Something went wrong", message: "An unexpected error occurred. Please try again." };
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { title, message } = describe(error);
  return (
    <Flex justify="center" p="6">
      <Card size="3" style={{ maxWidth: 520, width: "100%" }}>
        <Heading as="h1" size="6" mb="2">
          {title}
        </Heading>
        <Text as="p" color="gray">
          {message}
        </Text>
        <Box mt="4">
          <Button asChild variant="soft">
            <Link to="/home">Go to the home page</Link>
          </Button>
        </Box>
      </Card>
    </Flex>
  );
}
