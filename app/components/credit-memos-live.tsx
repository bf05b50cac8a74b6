// The /credit-memos page's live connection (ADR 042): the server puts every socket of a session that
// may open /credit-memos (55) in the page's announcement room, and sends the memo list's refresh
// (creditMemosRefresh, with its `user` argument: who saved) there as well as to the AR board's room. The page
// hears it over the page load's one socket (app/utils/board-socket.ts), reads its own loader again, and says
// who saved; whenever its socket connects it reads again too: a push sent before the first connection (the
// page was drawn, the socket not yet in the room) or during a reconnection would otherwise be missed.
import { Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import type { SavedBy } from "~/rules/boards/announcements.ts";
import { LIST_EVENTS } from "~/rules/boards/boards.ts";
import { boardSocket } from "~/utils/board-socket.ts";

const EVENT = LIST_EVENTS["credit-memos"];

const isSavedBy = (value: unknown): value is SavedBy =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as SavedBy).UserID === "number" &&
  typeof (value as SavedBy).Name === "string";

export function CreditMemosLive({ onChange }: { onChange: () => void }) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const [savedBy, setSavedBy] = useState<SavedBy | null>(null);
  useEffect(() => {
    const client = boardSocket();
    const heard = (_list: unknown, user: unknown) => {
      setSavedBy(isSavedBy(user) ? user : null);
      latest.current();
    };
    const connected = () => latest.current();
    client.on(EVENT, heard);
    client.on("connect", connected);
    return () => {
      client.off(EVENT, heard);
      client.off("connect", connected);
    };
  }, []);
  return savedBy ? (
    <Text as="p" size="1" color="gray" role="status" data-memos-saved-by={savedBy.UserID}>
      Credit memos updated by {savedBy.Name}.
    </Text>
  ) : null;
}
