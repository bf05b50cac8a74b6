// Announcements the server sends to this page's socket (ADR 035): vendorCreated, departmentCreated. The
// socket is the page load's one connection (board-socket.ts); the server puts it in the rooms of the
// pages its session may open, so a page only has to listen.
import { useEffect, useRef } from "react";
import type { Announcement, AnnouncementEvent } from "~/rules/boards/announcements.ts";
import { boardSocket } from "./board-socket.ts";

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
