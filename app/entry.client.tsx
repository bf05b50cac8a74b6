// The browser's entry: it hydrates once the code of the dialog the URL opens has arrived (ADR 026; the
// modules that draw such dialogs ask for it, app/utils/hydration-gate.ts), so the first render matches
// the server's HTML, which already shows the dialog; everything else is React Router's default.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrationReady } from "./utils/hydration-gate.ts";

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

// A chunk that cannot be fetched must not leave the page without scripts: the gate logs it and the
// dialog loads on demand.
void hydrationReady().then(hydrate);
