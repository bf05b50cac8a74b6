// The board dialogs' component registry (ADR 026): one component per definition of the catalogue
// (app/rules/dialogs/board-dialogs.ts), keyed by modal name so the compiler proves none is missing, each in a
// chunk of its own so a board page carries no dialog's code until one opens. The server renders the
// open dialog in full (every component is loaded before the first render, app/entry.server.tsx), and
// the browser loads the open dialog's chunk before hydrating (asked for as this module is evaluated,
// app/utils/hydration-gate.ts), so nothing changes without JavaScript and nothing flickers with it.
// Only the route modules of pages that host dialogs import this registry (the boards, /departments):
// other pages never reach the dialogs' chunks.
import { Callout, Text } from "@radix-ui/themes";
import { type ComponentType, createElement, useEffect, useState } from "react";
import { type BoardDialogName, isBoardDialogName } from "~/rules/dialogs/board-dialog-names.ts";
import type { OpenBoardDialog } from "~/rules/dialogs/board-dialogs.ts";
import { MODAL_PARAM } from "~/rules/dialogs/modals.ts";
import { beforeHydration } from "~/utils/hydration-gate.ts";
import { AppDialog } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";

type DialogModule<N extends BoardDialogName> = { default: ComponentType<BoardDialogProps<N>> };

const IMPORTS: { [N in BoardDialogName]: () => Promise<DialogModule<N>> } = {
  notesGeneral: () => import("./notes-dialog.tsx"),
  noteOnboarding: () => import("./order-cancel-dialog.tsx"),
  editOnboarding: () => import("./on-rent-edit-dialog.tsx"),
  editOffboarding: () => import("./off-rent-edit-dialog.tsx"),
  editOnTrade: () => import("./trade-on-edit-dialog.tsx"),
  editOffTrade: () => import("./trade-off-edit-dialog.tsx"),
  departmentCreate: () => import("./department-edit-dialog.tsx"),
};

const loaded: { [N in BoardDialogName]?: ComponentType<BoardDialogProps<N>> } = {};

async function loadComponent<N extends BoardDialogName>(name: N): Promise<void> {
  const module: DialogModule<N> = await IMPORTS[name]();
  loaded[name] = module.default as (typeof loaded)[N];
}

/** Loads the components of the dialogs named (all of them when none are), before a render needs them. */
export async function preloadBoardDialogs(
  names: readonly BoardDialogName[] = Object.keys(IMPORTS).filter(isBoardDialogName),
) {
  await Promise.all(names.map((name) => loadComponent(name)));
}

/** Before hydration: the component of the dialog the URL opens, so the first render matches the server's. */
async function preloadDialogOf(search: string): Promise<void> {
  const name = new URLSearchParams(search).get(MODAL_PARAM);
  if (isBoardDialogName(name)) await preloadBoardDialogs([name]);
}

if (typeof window !== "undefined") beforeHydration(preloadDialogOf(window.location.search), "the open dialog's code");

/**
 * A link that opens a dialog is about to be followed (the pointer is over it, or it has the focus):
 * its chunk is fetched now, so the dialog opens without waiting for its code. Dialogs load on demand
 * (ADR 028): a board visit that opens none fetches none.
 */
export function prefetchDialogOfLink(href: string | null | undefined): void {
  const query = href?.indexOf("?") ?? -1;
  if (!href || query === -1) return;
  const name = new URLSearchParams(href.slice(query)).get(MODAL_PARAM);
  if (isBoardDialogName(name) && !loaded[name]) {
    void loadComponent(name).catch((error: unknown) => console.warn("dialog code not prefetched", error));
  }
}

/** The component of a dialog, loading its chunk first when a client-side navigation opened it. */
function useDialogComponent<N extends BoardDialogName>(name: N): ComponentType<BoardDialogProps<N>> | null {
  const [, setReady] = useState(0);
  const component = loaded[name] ?? null;
  useEffect(() => {
    if (component) return;
    let live = true;
    void loadComponent(name).then(() => live && setReady((count) => count + 1));
    return () => {
      live = false;
    };
  }, [name, component]);
  return component;
}

type BoardDialogFrameProps = Omit<BoardDialogProps<BoardDialogName>, "data">;

function DialogContent<N extends BoardDialogName>({
  name,
  data,
  ...props
}: { name: N; data: BoardDialogProps<N>["data"] } & BoardDialogFrameProps) {
  const Content = useDialogComponent(name);
  if (!Content) {
    return (
      <Text as="p" color="gray" role="status">
        Loading…
      </Text>
    );
  }
  // The component comes from the registry's cache: one stable function per dialog, never made here.
  return createElement(Content, { data, ...props });
}

/** The open dialog of a board: its frame, and its component or the loader's refusal. */
/**
 * The open dialog in its frame. `notice`: news about the dialog as a whole, above its content (an
 * entry kept across signing in again, ADR 030).
 */
export function BoardDialog({
  dialog,
  notice = null,
  ...props
}: BoardDialogFrameProps & { dialog: OpenBoardDialog; notice?: string | null }) {
  return (
    <AppDialog title={dialog.title} size={dialog.size} closeHref={props.closeHref}>
      {notice ? (
        <Callout.Root color="blue" role="status" mb="3">
          <Callout.Text>{notice}</Callout.Text>
        </Callout.Root>
      ) : null}
      {dialog.error !== null ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{dialog.error}</Callout.Text>
        </Callout.Root>
      ) : (
        <DialogContent {...props} {...dialog} />
      )}
    </AppDialog>
  );
}
