// One dialog frame for every dialog of the app (ADR 026): Radix Dialog once scripts run, a static
// labelled dialog with a close link in server-rendered HTML (and without JavaScript).
import { Button, Card, Dialog, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { type ReactNode, useId, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { type ModalSize, MODAL_WIDTHS } from "~/rules/dialogs/modals.ts";

const subscribeNever = () => () => {};

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export interface AppDialogProps {
  title: string;
  size: ModalSize;
  /** Where closing goes; null makes the dialog impossible to dismiss (Escape and outside clicks do nothing). */
  closeHref: string | null;
  description?: string;
  children: ReactNode;
}

/** One dialog, open: Radix Dialog in the browser, a static labelled dialog in server-rendered HTML. */
export function AppDialog({ title, size, closeHref, description, children }: AppDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const width = MODAL_WIDTHS[size];

  if (!hydrated) {
    return (
      <div
        data-static-dialog=""
        style={{
          position: "fixed",
          inset: 0,
          zIndex: 1000,
          display: "flex",
          alignItems: "flex-start",
          justifyContent: "center",
          padding: "10vh 16px 16px",
          overflowY: "auto",
          background: "rgba(0, 0, 0, 0.45)",
        }}
      >
        <Card
          size="3"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-size={size}
          style={{ width: "100%", maxWidth: width }}
        >
          <Flex justify="between" align="start" gap="3" mb="3">
            <Heading as="h2" size="5" id={titleId}>
              {title}
            </Heading>
            {closeHref !== null ? (
              <ThemeLink asChild size="2">
                <Link to={closeHref}>Close</Link>
              </ThemeLink>
            ) : null}
          </Flex>
          {description ? (
            <Text as="p" size="2" color="gray" mb="3">
              {description}
            </Text>
          ) : null}
          {children}
        </Card>
      </div>
    );
  }

  const dismissible = closeHref !== null;
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && dismissible) void navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <Dialog.Content
        maxWidth={`${width}px`}
        data-size={size}
        onEscapeKeyDown={(event) => {
          if (!dismissible) event.preventDefault();
        }}
        onPointerDownOutside={(event) => {
          if (!dismissible) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (!dismissible) event.preventDefault();
        }}
      >
        <Flex justify="between" align="start" gap="3" mb="3">
          <Dialog.Title mb="0">{title}</Dialog.Title>
          {dismissible ? (
            <Dialog.Close>
              <Button variant="soft" color="gray" size="1">
                Close
              </Button>
            </Dialog.Close>
          ) : null}
        </Flex>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        ) : (
          <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
        )}
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
