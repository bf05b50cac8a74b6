// The dialog kit's component host (ADR 026): the frame a page draws its open dialog in, and the code
// of each dialog loaded on demand, a chunk of its own. A page's registry (board-dialogs.tsx for the
// department boards, departments-dialogs.tsx for /departments) registers the dynamic imports of the
// dialogs that page hosts, so a page can fetch no other dialog's code. The server renders the open
// dialog in full (every registry is loaded before the first render, app/entry.server.tsx), and the
// browser loads the open dialog's chunk before hydrating (asked for as the registry is evaluated,
// app/utils/hydration-gate.ts), so nothing changes without JavaScript and nothing flickers with it.
import { Callout, Text } from "@radix-ui/themes";
import { type ComponentType, createElement, useEffect, useState } from "react";
import { type BoardDialogName, isBoardDialogName } from "~/rules/dialogs/board-dialog-names.ts";
import type { OpenBoardDialog } from "~/rules/dialogs/board-dialogs.ts";
import { MODAL_PARAM } from "~/rules/dialogs/modals.ts";
import { beforeHydration } from "~/utils/hydration-gate.ts";
import { AppDialog } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";

type DialogModule<N extends BoardDialogName> = { default: ComponentType<BoardDialogProps<N>> };

/** A page's registry: the dynamic import of each dialog it hosts, by modal name. */
export type DialogImports<Names extends BoardDialogName> = { [N in Names]: () => Promise<DialogModule<N>> };

const importers: Partial<DialogImports<BoardDialogName>> = {};
const loaded: { [N in BoardDialogName]?: ComponentType<BoardDialogProps<N>> } = {};

async function loadComponent<N extends BoardDialogName>(name: N): Promise<void> {
  const load = importers[name] as (() => Promise<DialogModule<N>>) | undefined;
  if (!load) throw new Error(`no page registered the dialog ${name}`);
  const module = await load();
  loaded[name] = module.default as (typeof loaded)[N];
}

/**
 * Registers a page's dialogs; called once as its registry module is evaluated. In the browser, the code
 * of the dialog the URL opens, if it is one of these, is asked for before hydrating.
 */
export function registerDialogs<Names extends BoardDialogName>(imports: DialogImports<Names>): void {
  Object.assign(importers, imports);
  if (typeof window === "undefined") return;
  const open = new URLSearchParams(window.location.search).get(MODAL_PARAM);
  if (isBoardDialogName(open) && open in imports) beforeHydration(loadComponent(open), "the open dialog's code");
}

/** Loads the components of a registry's dialogs before a render needs them (the server, before its first). */
export async function preloadDialogs<Names extends BoardDialogName>(imports: DialogImports<Names>): Promise<void> {
  await Promise.all(
    Object.keys(imports)
      .filter(isBoardDialogName)
      .map((name) => loadComponent(name)),
  );
}

/**
 * A link that opens a dialog is about to be followed (the pointer is over it, or it has the focus):
 * its chunk is fetched now, so the dialog opens without waiting for its code. Dialogs load on demand:
 * a page visit that opens none fetches none.
 */
export function prefetchDialogOfLink(href: string | null | undefined): void {
  const query = href?.indexOf("?") ?? -1;
  if (!href || query === -1) return;
  const name = new URLSearchParams(href.slice(query)).get(MODAL_PARAM);
  if (isBoardDialogName(name) && importers[name] && !loaded[name]) {
    void loadComponent(name).catch((error: unknown) => console.warn("dialog code not prefetched", error));
  }
}

/** Spread onto a link that opens a dialog: its code is prefetched on pointer-over and focus. */
export const prefetchDialogProps = {
  onPointerEnter: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
  onFocus: (event: { currentTarget: HTMLAnchorElement }) => prefetchDialogOfLink(event.currentTarget.href),
};

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

/**
 * The open dialog in its frame: its component, or the loader's refusal. `notice`: news about the dialog
 * as a whole, above its content (an entry kept across signing in again).
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
