// Finding demo records for the off-rent edit browser tests (tests/e2e/off-rent-edit*.spec.ts), from the
// boards' card lists as an administrator reads them: approved plain off-rents whose units all await
// pickup without a carrier, each with a unit on rent to the same customer that no request is returning
// yet (confirmed with POST /api/truck/vin-test). The JavaScript tests take them from the front of the
// list and the no-JavaScript tests from the back, so the two never edit the same order. Also opening the
// dialog at its address, which both specs do.
import { expect, type Locator, type Page } from "@playwright/test";
import { boardCards, liveStatus } from "./support/board.ts";
import { OFFBOARDING_STAGE } from "../../app/rules/orders/order-stages.ts";

export interface OffRentCandidate {
  formHistoryId: number;
  code: string;
  units: string[];
  /** A unit the order may gain: on rent to its customer, returning nowhere. */
  spare: string;
}

/** Up to `wanted` candidates, in request order, from the front or the back of the list. */
export async function offRentCandidates(
  page: Page,
  from: "front" | "back",
  wanted: number,
): Promise<OffRentCandidate[]> {
  const offboarding = await boardCards(page, "offboarding");
  const busy = new Set(offboarding.flatMap((card) => card.units.map((unit) => unit.unitNumber)));
  const receivable = await boardCards(page, "accounts-receivable");
  const onRentByCode = new Map<string, string[]>();
  for (const card of receivable.filter((entry) => entry.key.startsWith("company-"))) {
    const spare = card.units
      .filter((unit) => unit.text.includes("ON RENT") && !busy.has(unit.unitNumber))
      .map((unit) => unit.unitNumber);
    onRentByCode.set(card.subtitle, [...(onRentByCode.get(card.subtitle) ?? []), ...spare]);
  }

  const approved = offboarding
    .filter(
      (card) => card.stage === String(OFFBOARDING_STAGE.approved) && /^\d{5} · Off-rent #\d+$/.test(card.subtitle),
    )
    .filter(
      (card) =>
        card.units.length > 0 &&
        card.units.every((unit) => unit.text.includes("Awaiting Pickup") && !unit.text.includes("Carrier Assigned")),
    )
    .map((card) => ({ card, formHistoryId: Number(card.key.replace("form-", "")), code: card.subtitle.slice(0, 5) }))
    .sort((a, b) => a.formHistoryId - b.formHistoryId);
  if (from === "back") approved.reverse();

  const found: OffRentCandidate[] = [];
  const taken = new Set<string>();
  for (const { card, formHistoryId, code } of approved) {
    for (const unitNumber of onRentByCode.get(code) ?? []) {
      if (taken.has(unitNumber)) continue;
      const response = await page.request.post("/api/truck/vin-test", {
        data: { vins: [unitNumber], FormHistoryID: formHistoryId },
      });
      const answer = (await response.json()) as Record<string, boolean>;
      if (answer[unitNumber] !== true) continue;
      taken.add(unitNumber);
      found.push({ formHistoryId, code, units: card.units.map((unit) => unit.unitNumber), spare: unitNumber });
      break;
    }
    if (found.length === wanted) break;
  }
  return found;
}

/**
 * Candidate `nth` (0 or 1; the first when there is only one) from the front or the back of the list;
 * the test fails when the demo data has none.
 */
export async function offRentCandidate(page: Page, from: "front" | "back", nth: 0 | 1 = 0): Promise<OffRentCandidate> {
  const candidates = await offRentCandidates(page, from, nth + 1);
  const candidate = candidates[nth] ?? candidates[0];
  expect(candidate, "the demo data has an approved off-rent with a spare unit on rent").toBeDefined();
  return candidate!;
}

/** A stage-2 off-rent with a carrier-assigned unit: its dialog shows the lock. */
export async function carrierAssignedOffRent(page: Page): Promise<{ formHistoryId: number; unit: string } | null> {
  const offboarding = await boardCards(page, "offboarding");
  for (const card of offboarding) {
    if (!/^\d{5} · Off-rent #\d+/.test(card.subtitle)) continue;
    const locked = card.units.find((unit) => unit.text.includes("Carrier Assigned"));
    if (locked) return { formHistoryId: Number(card.key.replace("form-", "")), unit: locked.unitNumber };
  }
  return null;
}

export const editDialogPath = (formHistoryId: number) =>
  `/offboarding?modal=editOffboarding&formHistoryId=${formHistoryId}`;

/**
 * Opens the order's dialog at its address (the page answers 200); with `waitUntilLive`, also waits until
 * the page runs (the board's socket is live), so JavaScript handles what the test does next.
 */
export async function openEditDialog(
  page: Page,
  formHistoryId: number,
  options: { waitUntilLive?: boolean } = {},
): Promise<Locator> {
  const response = await page.goto(editDialogPath(formHistoryId));
  expect(response?.status()).toBe(200);
  if (options.waitUntilLive) await expect(liveStatus(page)).toHaveText("Live");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit Order" })).toBeVisible();
  return dialog;
}

/** Some demo off-rents have no pickup zip (the public form allows none); an edit must give one. */
export async function fillMissingZip(dialog: Locator): Promise<void> {
  const zip = dialog.getByLabel("Zip");
  if ((await zip.inputValue()) === "") await zip.fill("73301");
}
