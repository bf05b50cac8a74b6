// Hearing the announcements of records created or changed elsewhere (departmentCreated, vendorCreated;
// ADR 035) on a page that lists them: the page's data is read again. Over the page load's one socket
// (app/utils/board-socket.ts), which the server has put in the rooms of the pages the session may open.
// Browser only: nothing here runs during server rendering.
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { AnnouncementEvent } from "~/rules/boards/announcements.ts";
import { boardSocket, type LiveState, useLiveState } from "./board-socket.ts";

/** Reads the page's data again whenever `event` is heard; answers the connection's state. */
export function useAnnouncement(event: AnnouncementEvent): LiveState {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const socket = boardSocket();
    const heard = () => void revalidate();
    socket.on(event, heard);
    return () => {
      socket.off(event, heard);
    };
  }, [event, revalidate]);
  return useLiveState();
}
