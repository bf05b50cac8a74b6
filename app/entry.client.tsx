// The browser's entry: the open dialog's chunk is loaded before hydration (ADR 026), so the first render
// matches the server's HTML, which already shows the dialog; everything else is React Router's default.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadDialogOf } from "./components/dialogs/board-dialogs.tsx";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

preloadDialogOf(window.location.search).then(hydrate, (error: unknown) => {
  // A chunk that cannot be fetched must not leave the page without scripts: hydrate, and the dialog
  // loads on demand.
  console.warn("the open dialog's code could not be preloaded", error);
  hydrate();
});
