// Dialogs addressed by the URL (`?modal=passwordReset&size=lg`, spec 1 §2 "Modal host"), so a link or a
// form without JavaScript can open one. Once scripts run, Radix Dialog provides the focus trap, Escape
// and labelling; before that (and without JavaScript) the server renders the same dialog statically
// with a close link.
import { Box, Button, Callout, Card, Dialog, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { type ComponentType, type ReactNode, useId, useSyncExternalStore } from "react";
import { Link, useLocation, useMatches, useNavigate } from "react-router";
import {
  type ModalName,
  type ModalSize,
  MODAL_WIDTHS,
  type ModalTitleContext,
  resolveModalRequest,
  urlWithoutModal,
} from "~/rules/modals.ts";
import { SessionExpiredForm } from "./session-expired.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";

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

interface ModalContentProps {
  /** The current page with the dialog's parameters removed. */
  returnTo: string;
}

function SignInModalContent({ returnTo }: ModalContentProps) {
  return <SessionExpiredForm redirectTo={returnTo} />;
}

/**
 * Dialog bodies by name. Screens from later issues register theirs here; a dialog without a body says
 * so plainly rather than showing anything made up.
 */
const MODAL_CONTENT: Partial<Record<ModalName, ComponentType<ModalContentProps>>> = {
  login: SignInModalContent,
  passwordReset: () => <ChangePasswordForm id="change-password-dialog" inDialog />,
  requestReset: ResetRequestForm,
};

function rendersDialog(handle: unknown, name: ModalName): boolean {
  const names = (handle as { rendersDialogs?: readonly string[] } | undefined)?.rendersDialogs;
  return Array.isArray(names) && names.includes(name);
}

export function ModalHost({ signedIn, titleContext }: { signedIn: boolean; titleContext?: ModalTitleContext }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const request = resolveModalRequest(search, { signedIn, titleContext });
  const returnTo = urlWithoutModal(location.pathname, search);
  const matches = useMatches();

  if (request.kind === "none") return null;
  // A page that draws this dialog itself (a board's notes, cancel and edit dialogs) is left to it.
  if (request.kind === "open" && matches.some((match) => rendersDialog(match.handle, request.name))) return null;
  if (request.kind === "invalid-size" || request.kind === "unknown") {
    return (
      <Box className="app-modal-error" p="3">
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {request.kind === "invalid-size" ? request.error : `Unknown dialog: ${request.name}`}
          </Callout.Text>
        </Callout.Root>
      </Box>
    );
  }
  const Content = MODAL_CONTENT[request.name];
  return (
    <AppDialog title={request.title} size={request.size} closeHref={returnTo}>
      {Content ? <Content returnTo={returnTo} /> : <Text as="p">This dialog is not available yet.</Text>}
    </AppDialog>
  );
}
