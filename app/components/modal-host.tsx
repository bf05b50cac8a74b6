// Dialogs addressed by the URL (`?modal=passwordReset&size=lg`; the catalogue is
// app/rules/dialogs/modals.ts), so a link or a form without JavaScript can open one. Once scripts run,
// Radix Dialog provides the focus trap, Escape and labelling; before that (and without JavaScript) the
// server renders the same dialog statically with a close link. The password dialogs' forms (with
// Conform and zod) load on demand, like a board's dialogs (ADR 028): the server loads them before its
// first render (app/entry.server.tsx), the browser loads the open one before hydrating
// (app/utils/hydration-gate.ts); the sign-in form is the root's anyway (the session-expired dialog).
import { Box, Callout, Text } from "@radix-ui/themes";
import { type ComponentType, createElement, useEffect, useState } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import {
  MODAL_PARAM,
  type ModalName,
  type ModalSize,
  type ModalTitleContext,
  resolveModalRequest,
  urlWithoutModal,
} from "~/rules/dialogs/modals.ts";
import { UNIT_SEARCH_PARAM } from "~/rules/fleet/unit-search.ts";
import { beforeHydration } from "~/utils/hydration-gate.ts";
import { AppDialog, usePreloadDialogFrame } from "./app-dialog.tsx";
import { SessionExpiredForm } from "./session-expired.tsx";

interface ModalContentProps {
  /** The current page with the dialog's parameters removed. */
  returnTo: string;
}

function SignInModalContent({ returnTo }: ModalContentProps) {
  const root = useRouteLoaderData<{ microsoftSignIn?: boolean }>("root");
  return <SessionExpiredForm redirectTo={returnTo} microsoftSignIn={root?.microsoftSignIn ?? false} />;
}

type ModalContent = ComponentType<ModalContentProps>;

/**
 * Dialog bodies by name, drawn at once or loaded on demand (each its own chunk). A dialog without a body
 * says so plainly rather than showing anything made up.
 */
const MODAL_CONTENT: Partial<Record<ModalName, ModalContent>> = {
  login: SignInModalContent,
};

const MODAL_CONTENT_IMPORTS: Partial<Record<ModalName, () => Promise<ModalContent>>> = {
  passwordReset: () =>
    import("./change-password-form.tsx").then(({ ChangePasswordForm }) => {
      return function PasswordResetModalContent() {
        return <ChangePasswordForm id="change-password-dialog" inDialog />;
      };
    }),
  requestReset: () => import("./reset-request-form.tsx").then(({ ResetRequestForm }) => ResetRequestForm),
  // Over any page, opened from the navigation bar.
  departmentSearchModal: () =>
    import("./department-search-dialog.tsx").then(({ DepartmentSearchDialog }) => DepartmentSearchDialog),
};

async function loadModalContent(name: ModalName): Promise<void> {
  const load = MODAL_CONTENT_IMPORTS[name];
  if (load && !MODAL_CONTENT[name]) MODAL_CONTENT[name] = await load();
}

/** Loads every dialog body that loads on demand (the server, before its first render). */
export async function preloadModalContents(): Promise<void> {
  await Promise.all((Object.keys(MODAL_CONTENT_IMPORTS) as ModalName[]).map(loadModalContent));
}

if (typeof window !== "undefined") {
  const name = new URLSearchParams(window.location.search).get(MODAL_PARAM);
  const open = (Object.keys(MODAL_CONTENT_IMPORTS) as string[]).find((each) => each === name) as ModalName | undefined;
  if (open) beforeHydration(loadModalContent(open), "the open dialog's code");
}

/** The body of a dialog: null while its code loads (a client-side navigation opened it), undefined if none is built. */
function useModalContent(name: ModalName): ModalContent | null | undefined {
  const [, setLoaded] = useState(0);
  const content = MODAL_CONTENT[name];
  const loads = MODAL_CONTENT_IMPORTS[name] !== undefined;
  useEffect(() => {
    if (content || !loads) return;
    let live = true;
    loadModalContent(name).then(
      () => live && setLoaded((count) => count + 1),
      (error: unknown) => console.warn("the dialog's code could not be loaded", error),
    );
    return () => {
      live = false;
    };
  }, [name, content, loads]);
  return content ?? (loads ? null : undefined);
}

/** Parameters only a root dialog reads, dropped with it on closing (the department search's text). */
function withoutDialogParams(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  rest.delete(UNIT_SEARCH_PARAM);
  return rest;
}

function rendersDialog(handle: unknown, name: ModalName): boolean {
  const names = (handle as { rendersDialogs?: readonly string[] } | undefined)?.rendersDialogs;
  return Array.isArray(names) && names.includes(name);
}

export function ModalHost({ signedIn, titleContext }: { signedIn: boolean; titleContext?: ModalTitleContext }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const request = resolveModalRequest(search, { signedIn, titleContext });
  const returnTo = urlWithoutModal(location.pathname, withoutDialogParams(search));
  const matches = useMatches();
  usePreloadDialogFrame();

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
  return <OpenModal name={request.name} title={request.title} size={request.size} returnTo={returnTo} />;
}

function OpenModal({
  name,
  title,
  size,
  returnTo,
}: {
  name: ModalName;
  title: string;
  size: ModalSize;
  returnTo: string;
}) {
  const Content = useModalContent(name);
  return (
    <AppDialog title={title} size={size} closeHref={returnTo}>
      {Content ? (
        // The body comes from the registry's cache: one stable function per dialog, never made here.
        createElement(Content, { returnTo })
      ) : Content === null ? (
        <Text as="p" color="gray" role="status">
          Loading…
        </Text>
      ) : (
        <Text as="p">This dialog is not available yet.</Text>
      )}
    </AppDialog>
  );
}
