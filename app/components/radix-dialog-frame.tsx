// The dialog frame Radix draws once scripts run (ADR 026): focus trap, Escape, labelling. Its own chunk,
// loaded when a dialog opens (app-dialog.tsx): a page with no dialog open does not load Radix's
// Dialog stack. It takes over from the static frame with what was typed into it (`typedRef`).
import { Button, Dialog, Flex } from "@radix-ui/themes";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import { useNavigate } from "react-router";
import type { ModalSize } from "~/rules/dialogs/modals.ts";
import { retype, type TypedValues } from "~/utils/typed-values.ts";

export interface RadixDialogFrameProps {
  title: string;
  size: ModalSize;
  width: number;
  closeHref: string | null;
  description?: string;
  /** What was typed into the static frame before this one took over (typed again on mounting). */
  typedRef: RefObject<TypedValues | null>;
  children: ReactNode;
}

export function RadixDialogFrame({
  title,
  size,
  width,
  closeHref,
  description,
  typedRef,
  children,
}: RadixDialogFrameProps) {
  const navigate = useNavigate();
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
