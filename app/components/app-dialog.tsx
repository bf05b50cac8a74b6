// One dialog frame for every dialog of the app (ADR 026): Radix Dialog once scripts run, a static
// labelled dialog with a close link in server-rendered HTML (and without JavaScript). What was typed
// into the static dialog before the scripts ran is typed again into the one Radix draws.
// Radix's frame is a chunk of its own (radix-dialog-frame.tsx), loaded when a dialog opens, so a page with
// no dialog open does not load Radix's Dialog stack: a dialog the server drew has it loaded
// before hydration; one opened in the browser asks for it as the navigation starts and, until it arrives,
// shows the static frame with its title and a loading line (its close link, and Escape).
import { Card, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import {
  createElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { MODAL_PARAM, type ModalSize, MODAL_WIDTHS } from "~/rules/dialogs/modals.ts";
import { beforeHydration } from "~/utils/hydration-gate.ts";
import { type TypedValues, typedValuesIn } from "~/utils/typed-values.ts";
import type { RadixDialogFrameProps } from "./radix-dialog-frame.tsx";

type DialogFrame = (props: RadixDialogFrameProps) => ReactNode;
let radixFrame: DialogFrame | undefined;
let radixFrameLoading: Promise<DialogFrame> | undefined;
/** The last load failed: a dialog drawn now keeps its body in the static frame. */
let radixFrameFailed = false;
/** The dialogs drawn now, told when the frame arrives or fails (useSyncExternalStore). */
const frameListeners = new Set<() => void>();
const subscribeFrame = (listener: () => void) => {
  frameListeners.add(listener);
  return () => void frameListeners.delete(listener);
};
const frameSettled = () => frameListeners.forEach((listener) => listener());

/** Loads Radix's dialog frame once; after a failure (a deploy replaced the chunk) the next call tries again. */
function loadDialogFrame(): Promise<DialogFrame> {
  radixFrameLoading ??= import("./radix-dialog-frame.tsx").then(
    ({ RadixDialogFrame }) => {
      radixFrame = RadixDialogFrame;
      radixFrameFailed = false;
      frameSettled();
      return RadixDialogFrame;
    },
    (error: unknown) => {
      radixFrameLoading = undefined;
      radixFrameFailed = true;
      frameSettled();
      throw error;
    },
  );
  return radixFrameLoading;
}

// A dialog in the server's HTML (one the URL opens, or the session-expired dialog) gets its frame before
// hydration: module scripts run after the document is parsed, so the static frame is already there.
if (typeof document !== "undefined" && document.querySelector("[data-static-dialog]")) {
  beforeHydration(loadDialogFrame(), "the dialog frame");
}

/** Starts loading the frame as soon as a navigation heads for a dialog, beside the dialog's data. */
export function usePreloadDialogFrame(): void {
  const next = useNavigation().location?.search;
  useEffect(() => {
    if (next && new URLSearchParams(next).has(MODAL_PARAM)) void loadDialogFrame().catch(() => undefined);
  }, [next]);
}

/**
 * Radix's frame once hydrated and loaded (asked for here if nothing asked before): `frame` undefined until
 * then, `failed` when its chunk could not be loaded (the static frame then serves). A store, not state set
 * from an effect: a frame that arrives between a render and its effect still redraws the dialog.
 */
function useRadixFrame(hydrated: boolean): { frame: DialogFrame | undefined; failed: boolean } {
  const frame = useSyncExternalStore(
    subscribeFrame,
    () => radixFrame,
    () => undefined,
  );
  const failed = useSyncExternalStore(
    subscribeFrame,
    () => radixFrameFailed,
    () => false,
  );
  useEffect(() => {
    if (!hydrated || radixFrame) return;
    loadDialogFrame().catch((error: unknown) =>
      console.warn("the dialog frame could not be loaded; the dialog stays as the server draws it", error),
    );
  }, [hydrated]);
  return { frame: hydrated ? frame : undefined, failed };
}

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

/**
 * One dialog, open: Radix Dialog in the browser, a static labelled dialog in server-rendered HTML. Once
 * hydrated and Radix's frame is loaded, the static dialog gives way to Radix's, whose controls start from the
 * server's values: what the user typed meanwhile is carried over (`typedRef`), so nothing typed while the
 * page loaded is lost.
 */
export function AppDialog({ title, size, closeHref, description, children }: AppDialogProps) {
  const hydrated = useHydrated();
  const { frame: RadixFrame, failed } = useRadixFrame(hydrated);
  const titleId = useId();
  const width = MODAL_WIDTHS[size];
  // What the static frame hands over to Radix's: a mailbox written and read only in layout effects.
  const [typedRef] = useState<RefObject<TypedValues | null>>(() => ({ current: null }));

  if (!RadixFrame) {
    // A dialog opened in the browser waits for Radix's frame with its title and a loading line: its body
    // mounts once, in the frame it stays in, so no form state (a fetcher in flight) is lost to a swap. The
    // server's dialog (before hydration) and a frame that failed to load show the body in the static frame.
    const waiting = hydrated && !failed;
    return (
      <StaticDialogFrame
        typedRef={typedRef}
        hydrated={hydrated}
        title={title}
        titleId={titleId}
        size={size}
        width={width}
        closeHref={closeHref}
        description={description}
      >
        {waiting ? (
          <Text as="p" color="gray" role="status">
            Loading…
          </Text>
        ) : (
          children
        )}
      </StaticDialogFrame>
    );
  }
  // One module-level function, loaded once: never a component made during render.
  return createElement(RadixFrame, { title, size, width, closeHref, description, typedRef, children });
}

/** The server-rendered dialog; when it gives way after hydration, it leaves what was typed into it in `typedRef`. */
function StaticDialogFrame({
  typedRef,
  hydrated,
  title,
  titleId,
  size,
  width,
  closeHref,
  description,
  children,
}: {
  typedRef: RefObject<TypedValues | null>;
  /** Once hydrated (Radix's frame still loading), Escape closes it as Radix's would. */
  hydrated: boolean;
  title: string;
  titleId: string;
  size: ModalSize;
  width: number;
  closeHref: string | null;
  description?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!hydrated || closeHref === null) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [hydrated, closeHref, navigate]);
  useLayoutEffect(() => {
    const element = frame.current;
    // Read as it goes: the elements keep their values after React removes them.
    return () => {
      if (element) typedRef.current = typedValuesIn(element);
    };
  }, [typedRef]);
  return (
    <div
      ref={frame}
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
