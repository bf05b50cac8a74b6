// Code a page must have before it hydrates (ADR 026). A module that draws a dialog whose code
// loads on demand (a board's dialogs, the root's account dialogs) asks here for the dialog the URL opens
// as the module is evaluated; React Router evaluates the page's route modules before it imports the
// client entry, which hydrates once all of it has arrived. So the first render matches the server's
// HTML, which already shows the dialog, and a page without such a dialog waits for nothing.
const pending: Promise<unknown>[] = [];

/** Holds hydration until `work` settles (a failure is logged: the page then hydrates without it). */
export function beforeHydration(work: Promise<unknown>, what: string): void {
  pending.push(work.catch((error: unknown) => console.warn(`${what} could not be loaded before hydration`, error)));
}

/** Settles when everything asked for before hydration has arrived or failed. */
export async function hydrationReady(): Promise<void> {
  // After the modules being evaluated with this one have asked (one task later), and after whatever
  // was asked for while waiting.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let settled = 0; settled < pending.length;) {
    const waiting = pending.length;
    await Promise.all(pending);
    settled = waiting;
  }
}
