// Kit dialogs whose code loads on demand (ADR 026, ADR 028): a registry of dynamic imports keyed by modal
// name, so a page carries no dialog's code until one opens. The server renders an open dialog in full
// (every registry is loaded before the first render, app/entry.server.tsx), and the browser loads the
// open dialog's chunk before hydrating (asked for as the registry's module is evaluated,
// app/utils/hydration-gate.ts), so nothing changes without JavaScript and nothing flickers with it. The
// boards have one registry of every dialog (board-dialogs.tsx); a page that draws only its own dialogs
// makes one of those alone (vendor-dialogs.tsx), and never reaches the others' chunks.
import { Callout, Text } from "@radix-ui/themes";
import { type ComponentType, createElement, type ReactNode, useEffect, useState } from "react";
import type { BoardDialogName } from "~/rules/dialogs/board-dialog-names.ts";
import type { OpenBoardDialog } from "~/rules/dialogs/board-dialogs.ts";
import { MODAL_PARAM } from "~/rules/dialogs/modals.ts";
import { beforeHydration } from "~/utils/hydration-gate.ts";
import { AppDialog } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";

type DialogModule<N extends BoardDialogName> = { default: ComponentType<BoardDialogProps<N>> };
export type DialogImports<Names extends BoardDialogName> = { [N in Names]: () => Promise<DialogModule<N>> };

type DialogFrameProps = Omit<BoardDialogProps<BoardDialogName>, "data">;

/**
 * The frame of an open dialog: its title and size, news about the dialog as a whole above its content
 * (an entry kept across signing in again, ADR 030), and the loader's refusal in place of the content.
 */
export function DialogFrame({
  dialog,
  closeHref,
  notice = null,
  children,
}: {
  dialog: Pick<OpenBoardDialog, "title" | "size" | "error">;
  closeHref: string;
  notice?: string | null;
  /** The dialog's content, drawn when its loader did not refuse. */
  children: ReactNode;
}) {
  return (
    <AppDialog title={dialog.title} size={dialog.size} closeHref={closeHref}>
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
        children
      )}
    </AppDialog>
  );
}

/** Every registry made, so the server can load them all before its first render. */
const registries: (() => Promise<void>)[] = [];

/** Loads every dialog of every registry (the server, before it renders). */
export async function preloadLazyDialogs(): Promise<void> {
  await Promise.all(registries.map((preload) => preload()));
}

export function lazyDialogs<Names extends BoardDialogName>(imports: DialogImports<Names>) {
  const names = Object.keys(imports) as Names[];
  const isHosted = (name: unknown): name is Names => typeof name === "string" && (names as string[]).includes(name);
  const loaded: { [N in Names]?: ComponentType<BoardDialogProps<N>> } = {};

  async function load<N extends Names>(name: N): Promise<void> {
    const module: DialogModule<N> = await imports[name]();
    loaded[name] = module.default as (typeof loaded)[N];
  }

  /** Loads the components of the dialogs named (all of them when none are), before a render needs them. */
  async function preload(which: readonly Names[] = names): Promise<void> {
    await Promise.all(which.map((name) => load(name)));
  }
  registries.push(() => preload());

  // Before hydration: the component of the dialog the URL opens, so the first render matches the server's.
  if (typeof window !== "undefined") {
    const open = new URLSearchParams(window.location.search).get(MODAL_PARAM);
    if (isHosted(open)) beforeHydration(preload([open]), "the open dialog's code");
  }

  /**
   * A link that opens a dialog is about to be followed (the pointer is over it, or it has the focus): its
   * chunk is fetched now, so the dialog opens without waiting for its code.
   */
  function prefetchDialogOfLink(href: string | null | undefined): void {
    const query = href?.indexOf("?") ?? -1;
    if (!href || query === -1) return;
    const name = new URLSearchParams(href.slice(query)).get(MODAL_PARAM);
    if (isHosted(name) && !loaded[name]) {
      void load(name).catch((error: unknown) => console.warn("dialog code not prefetched", error));
    }
  }

  /** The component of a dialog, loading its chunk first when a client-side navigation opened it. */
  function useDialogComponent<N extends Names>(name: N): ComponentType<BoardDialogProps<N>> | null {
    const [, setReady] = useState(0);
    const component = loaded[name] ?? null;
    useEffect(() => {
      if (component) return;
      let live = true;
      void load(name).then(() => live && setReady((count) => count + 1));
      return () => {
        live = false;
      };
    }, [name, component]);
    return component;
  }

  function DialogContent<N extends Names>({
    name,
    data,
    ...props
  }: { name: N; data: BoardDialogProps<N>["data"] } & DialogFrameProps) {
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
   * The open dialog in its frame (DialogFrame): its component, or the loader's refusal. `notice`:
   * news about the dialog as a whole, above its content (an entry kept across signing in again, ADR 030).
   */
  function PageDialog({
    dialog,
    notice = null,
    ...props
  }: DialogFrameProps & { dialog: OpenBoardDialog; notice?: string | null }) {
    return (
      <DialogFrame dialog={dialog} closeHref={props.closeHref} notice={notice}>
        {dialog.error === null && isHosted(dialog.name) ? (
          <DialogContent {...props} name={dialog.name} data={dialog.data as BoardDialogProps<Names>["data"]} />
        ) : null}
      </DialogFrame>
    );
  }

  return { names, preload, prefetchDialogOfLink, PageDialog };
}
