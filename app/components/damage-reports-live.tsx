// /damageInspection's live connection (ADR 050, as /credit-memos does it): it joins the accounts
// receivable board's room over the page's one socket and tells the page each time the AR claims list is pushed
// (a report submitted, reviewed, dismissed or claimed anywhere), so the page reads its own loader again.
import { useEffect, useRef } from "react";
import type { BoardQuery } from "~/rules/boards/board-pages.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { type BoardPagedLists, useBoardLive } from "~/utils/board-socket.ts";

const LISTS: readonly CardListName[] = ["ar-claims"];
const NO_PAYLOADS: BoardPagedLists = {};
const WHOLE_LIST: BoardQuery = { filter: "", show: null, perStage: 5 };

export function DamageReportsLive({ room, onChange }: { room: string; onChange: () => void }) {
  const { payloads } = useBoardLive(room, LISTS, NO_PAYLOADS, WHOLE_LIST);
  const pushed = payloads["ar-claims"];
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (pushed) latest.current();
  }, [pushed]);
  return null;
}
