// Dialogs addressed by the URL (`?modal=passwordReset&size=lg`; the catalogue is
// app/rules/dialogs/modals.ts), so a link or a form without JavaScript can open one. Once scripts run,
// Radix Dialog provides the focus trap, Escape and labelling; before that (and without JavaScript) the
// server renders the same dialog statically with a close link.
import { Box, Callout, Text } from "@radix-ui/themes";
import type { ComponentType } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { type ModalName, type ModalTitleContext, resolveModalRequest, urlWithoutModal } from "~/rules/dialogs/modals.ts";
import { AppDialog } from "./app-dialog.tsx";
import { SessionExpiredForm } from "./session-expired.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ResetRequestForm } from "./reset-request-form.tsx";

interface ModalContentProps {
  /** The current page with the dialog's parameters removed. */
  returnTo: string;
}

function SignInModalContent({ returnTo }: ModalContentProps) {
  const root = useRouteLoaderData<{ microsoftSignIn?: boolean }>("root");
  return <SessionExpiredForm redirectTo={returnTo} microsoftSignIn={root?.microsoftSignIn ?? false} />;
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
