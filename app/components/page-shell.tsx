// The frame every signed-in page renders inside: a width-limited main area with the page's title.
// The navigation bar sits above it in the root layout.
import { Box, Container, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function PageShell({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container size="4" px="4" py="5" asChild>
      <main>
        <Heading as="h1" size="7" mb="4">
          {title}
        </Heading>
        <Box>{children}</Box>
      </main>
    </Container>
  );
}
