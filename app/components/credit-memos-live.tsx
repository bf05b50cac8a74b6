// The /credit-memos page's live connection (ADR 042): it joins the accounts receivable board's room over
// the page load's one socket (app/utils/board-socket.ts, the room's own permission check) and tells the page
// each time the memo list is pushed (creditMemosRefresh) or fetched again after a reconnect, so the page
// reads its own loader again. Rendered only for sessions that may join that room.
import { useEffect, useRef } from "react";
import type { BoardQuery } from "~/rules/boards/board-pages.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { type BoardPagedLists, useBoardLive } from "~/utils/board-socket.ts";

const LISTS: readonly CardListName[] = ["credit-memos"];
const NO_PAYLOADS: BoardPagedLists = {};
const WHOLE_LIST: BoardQuery = { filter: "", show: null, perStage: 5 };

export function CreditMemosLive({ room, onChange }: { room: string; onChange: () => void }) {
  const { payloads } = useBoardLive(room, LISTS, NO_PAYLOADS, WHOLE_LIST);
  const pushed = payloads["credit-memos"];
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (pushed) latest.current();
  }, [pushed]);
  return null;
}
