// Hearing the announcements of records created or changed elsewhere (departmentCreated, vendorCreated;
// ADR 035): a page that lists them reads its loader again and shows the answer (useAnnouncedData); a
// dialog takes the record in itself (useAnnouncement, the carrier picker). Over the page
// load's one socket (app/utils/board-socket.ts), which the server has put in the rooms of the pages the
// session may open. Browser only: nothing here runs during server rendering.
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Announcement, AnnouncementEvent } from "~/rules/boards/announcements.ts";
import { boardSocket, type LiveState, useLiveState } from "./board-socket.ts";

type PayloadOf<E extends AnnouncementEvent> = Extract<Announcement, { event: E }>["payload"];

/** Calls `listener` with each announcement of `event` while the component is mounted (browser only). */
export function useAnnouncement<E extends AnnouncementEvent>(event: E, listener: (payload: PayloadOf<E>) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const client = boardSocket();
    const name: string = event;
    const heard = (payload: unknown) => latest.current(payload as PayloadOf<E>);
    client.on(name, heard);
    return () => {
      client.off(name, heard);
    };
  }, [event]);
}

/**
 * The page's loader data, or a newer reading of it taken when `event` was heard, and the connection's
 * state (useDataReadAgain reads it).
 */
export function useAnnouncedData<Data>(event: AnnouncementEvent, loaderData: Data): { data: Data; live: LiveState } {
  const { data, readAgain } = useDataReadAgain(loaderData);
  useEffect(() => {
    const socket = boardSocket();
    socket.on(event, readAgain);
    return () => {
      socket.off(event, readAgain);
    };
  }, [event, readAgain]);
  return { data, live: useLiveState() };
}

/**
 * The page's loader data, or a newer reading of it taken when `readAgain` was called (an announcement,
 * a board list's push: the /credit-memos page). Read through a fetcher, not by revalidating: a
 * revalidation is a navigation, and one started while the page's own dialog save is under way would make
 * the router drop that save's redirect (the dialog would stay open). A reading counts only for the
 * address it was taken for, and a navigation's data (a search, a save) replaces it.
 */
export function useDataReadAgain<Data>(loaderData: Data): { data: Data; readAgain: () => void } {
  const fetcher = useFetcher();
  // It loads this very page's loader, whose data the page already has the type of.
  const fetched = fetcher.data as Data | undefined;
  const { load } = fetcher;
  const location = useLocation();
  const href = `${location.pathname}${location.search}`;
  const [reading, setReading] = useState<{ href: string; data: Data | undefined; loaderData: Data } | null>(null);

  const readAgain = useCallback(() => {
    setReading({ href, data: undefined, loaderData });
    void load(href);
  }, [href, load, loaderData]);

  // The fetcher's answer belongs to the reading asked for last (its address, the loader data it follows).
  if (reading && fetcher.state === "idle" && fetched !== undefined && reading.data !== fetched) {
    setReading({ ...reading, data: fetched });
  }
  const fresh =
    reading && reading.href === href && reading.loaderData === loaderData && reading.data !== undefined
      ? reading.data
      : loaderData;
  return { data: fresh, readAgain };
}
