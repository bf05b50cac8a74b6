// One dialog frame for every dialog of the app (ADR 026): Radix Dialog once scripts run, a static
// labelled dialog with a close link in server-rendered HTML (and without JavaScript). What was typed
// into the static dialog before the scripts ran is typed again into the one Radix draws (ADR 028).
import { Button, Card, Dialog, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { type ModalSize, MODAL_WIDTHS } from "~/rules/dialogs/modals.ts";
import { retype, type TypedValues, typedValuesIn } from "~/utils/typed-values.ts";

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
 * hydrated, the static dialog gives way to Radix's, whose controls start from the server's values: what
 * the user typed meanwhile is carried over (`typedRef`), so nothing typed while the page loaded is lost.
 */
export function AppDialog({ title, size, closeHref, description, children }: AppDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const width = MODAL_WIDTHS[size];
  const typedRef = useRef<TypedValues | null>(null);

  if (!hydrated) {
    return (
      <StaticDialogFrame
        typedRef={typedRef}
        title={title}
        titleId={titleId}
        size={size}
        width={width}
        closeHref={closeHref}
        description={description}
      >
        {children}
      </StaticDialogFrame>
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
        <TypedAgain typedRef={typedRef}>{children}</TypedAgain>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The server-rendered dialog; when it gives way after hydration, it leaves what was typed into it in `typedRef`. */
function StaticDialogFrame({
  typedRef,
  title,
  titleId,
  size,
  width,
  closeHref,
  description,
  children,
}: {
  typedRef: RefObject<TypedValues | null>;
  title: string;
  titleId: string;
  size: ModalSize;
  width: number;
  closeHref: string | null;
  description?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
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

/** Types what was typed into the static dialog into the controls Radix's dialog draws (once, on mounting). */
function TypedAgain({ typedRef, children }: { typedRef: RefObject<TypedValues | null>; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const values = typedRef.current;
    typedRef.current = null;
    if (values && box.current && (values.values.length > 0 || values.focus)) retype(box.current, values);
  }, [typedRef]);
  return (
    <div ref={box} style={{ display: "contents" }}>
      {children}
    </div>
  );
}
