// Placeholder until the dialog is built (issue 5); registered in ./board-dialogs.tsx.
import { Text } from "@radix-ui/themes";
import type { BoardDialogProps } from "./board-dialogs.tsx";

export function CancelOrderDialog(_props: BoardDialogProps) {
  return <Text as="p">This dialog is not available yet.</Text>;
}
