// The editOnTrade dialog with JavaScript: edited from the onboarding board (its four sections,
// a separate delivery address added and taken away in place, the operation's refusal cleared after 6 s,
// the save's pending state, a second browser's board showing the change live, the history) and from the
// transport board ('Delivery Information', no separate delivery button, the change live on a second
// transport board); and the returning units (added in place, tested through the board's action, reset
// to Test Required when edited, the totals and the test required before a save). Each test edits its own
// trade (trade-on-edit.support.ts).
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession, demo, ON_RENT } from "./support/accounts.ts";
import {
  boardShowing,
  boardShowingUrl,
  cardByKey,
  liveStatus,
  requestCard,
  signInToLiveBoard,
} from "./support/board.ts";
import {
  convertibleTrade,
  field,
  openFromCard,
  openOnOnboarding,
  pickTrade,
  TRADE_PLACES,
  tradeOnTransportBoard,
} from "./trade-on-edit.support.ts";

const TRANSPORT = demo("transport");
const ON_RENT_NAME = "Priya Raman";

test.describe("editing a trade's new half with JavaScript", () => {
  // Two browsers and the spec's 6 s message time: longer than the default.

  test("from the onboarding board: sections, a refusal, a separate delivery, a save a second board shows live", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    await adoptSession(page, ON_RENT);
    const { formHistoryId } = await pickTrade(page, TRADE_PLACES.onboarding, { deliveredToPickup: true });

    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await signInToLiveBoard(board, ADMIN, boardShowing("onboarding", formHistoryId));
      await expect(requestCard(board, formHistoryId)).toBeVisible();

      const dialog = await openOnOnboarding(page, formHistoryId);
      for (const section of [
        "Order Information",
        "Pickup and Delivery Info",
        "Use Information",
        "Rental Agreement Information",
      ]) {
        await expect(dialog.getByRole("group", { name: section })).toBeVisible();
      }
      await expect(dialog.getByRole("heading", { name: "Returning units" })).toBeVisible();
      const rows = await dialog.locator("[data-unit-row]").count();
      await expect(dialog.locator("[data-returning-count]")).toHaveText(String(rows));
      expect(await field(dialog, "Company Code").inputValue()).toMatch(/^\d{5}$/);

      // The operation's refusal, its exact message and the field's, gone after 6 s.
      const raName = field(dialog, "RA Name");
      const nameBefore = await raName.inputValue();
      await raName.clear();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      const refusal = dialog.getByRole("alert").filter({ hasText: "*All fields must be filled..." });
      await expect(refusal).toBeVisible();
      await expect(dialog.getByText("RA Name is required.")).toBeVisible();
      await page.clock.fastForward(6_500);
      await expect(refusal).toBeHidden();
      await expect(dialog.getByText("RA Name is required.")).toBeHidden();
      await raName.fill(nameBefore);

      // A separate delivery address, added in place: the sections are renamed, and left blank it is refused.
      await dialog.getByRole("button", { name: "Add a separate delivery address" }).click();
      await expect(dialog.getByRole("group", { name: "Pickup Information" })).toBeVisible();
      await expect(dialog.getByRole("group", { name: "Delivery Information" })).toBeVisible();
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText("Delivery Name is required.")).toBeVisible();
      await dialog.getByRole("button", { name: "Remove the separate delivery address" }).click();
      await expect(dialog.getByRole("group", { name: "Delivery Information" })).toHaveCount(0);
      await expect(dialog.getByRole("group", { name: "Pickup and Delivery Info" })).toBeVisible();

      // The save shows its pending state until the board answers (held here), then closes the dialog.
      const po = `PO-TR-${randomUUID().slice(0, 8)}`;
      await field(dialog, "PO Number (optional)").fill(po);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/onboarding.data*", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      const save = dialog.getByRole("button", { name: "Save Changes" });
      await save.click();
      await expect(save).toBeDisabled();
      release();
      await expect(dialog).toBeHidden();
      await page.unroute("**/onboarding.data*");
      await expect(page).toHaveURL(boardShowingUrl("onboarding", formHistoryId));

      // The other browser, without reloading.
      await expect(requestCard(board, formHistoryId).getByText(po)).toBeVisible();

      // The change is in the trade's history.
      const again = await openOnOnboarding(page, formHistoryId);
      const history = again.locator("[data-order-history]");
      await expect(history.getByText(po)).toBeVisible();
      await expect(history.getByText("PO Number", { exact: true }).first()).toBeVisible();
      await expect(history.getByText(ON_RENT_NAME).first()).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("from the transport board: its delivery section, and a new date a second transport board shows live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await adoptSession(board, ADMIN);
      const formHistoryId = await tradeOnTransportBoard(board);
      await signInToLiveBoard(board, ADMIN, boardShowing("transport", formHistoryId));
      const cardKey = await board
        .locator(`article[data-card-key^="jobs-${formHistoryId}-delivery-"]`)
        .first()
        .getAttribute("data-card-key");
      const watched = cardByKey(board, cardKey!);
      await expect(watched).toBeVisible();

      await adoptSession(page, TRANSPORT);
      await page.goto(boardShowing("transport", formHistoryId));
      await expect(liveStatus(page)).toHaveText("Live");
      const dialog = await openFromCard(page, cardByKey(page, cardKey!), formHistoryId);
      // The transport page books the delivery where the trade says: no button adds or removes one.
      await expect(dialog.getByRole("group", { name: "Delivery Information" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: /separate delivery address/ })).toHaveCount(0);
      await expect(dialog.getByRole("group", { name: "Pickup and Delivery Info" })).toHaveCount(0);
      // Transport staff edit the trade but do not restructure it.
      await expect(dialog.getByRole("button", { name: "Convert to order…" })).toHaveCount(0);

      // A pickup date nobody else uses, shown on the delivery card as the day the trucks are needed.
      const day = String(1 + (Number.parseInt(randomUUID().slice(0, 4), 16) % 28)).padStart(2, "0");
      await field(dialog, "Pickup Date").fill(`2031-07-${day}`);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(boardShowingUrl("transport", formHistoryId));
      await expect(watched.getByText(`07/${day}/2031`)).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("the returning units: added in place, tested through the board, Test Required once edited", async ({ page }) => {
    await adoptSession(page, ON_RENT);
    const { formHistoryId } = await pickTrade(page, TRADE_PLACES.units);
    const dialog = await openOnOnboarding(page, formHistoryId);
    const rows = dialog.locator("[data-unit-row]");
    const before = await rows.count();

    await dialog.getByRole("button", { name: "Add unit" }).click();
    await expect(rows).toHaveCount(before + 1);
    const row = rows.last();
    await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");
    await expect(row.getByLabel("Odometer")).toHaveValue("000000");
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");
    await expect(dialog.locator("[data-returning-count]")).toHaveText(String(before + 1));

    // The test posts its intent to the board's action, and marks the row.
    await row.getByLabel("Unit number").fill("nosuch99");
    await expect(row.getByLabel("Unit number")).toHaveValue("NOSUCH99");
    const [testPost] = await Promise.all([
      page.waitForRequest(
        (request) => request.method() === "POST" && new URL(request.url()).pathname === "/onboarding.data",
      ),
      dialog.getByRole("button", { name: "Test units" }).click(),
    ]);
    expect(testPost.postData() ?? "").toContain("edit-on-trade-test-units");
    await expect(row.locator("[data-unit-test]")).toHaveText("INVALID UNIT NUMBER");
    await row.getByLabel("Unit number").fill("NOSUCH9");
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

    // One more unit than new trucks; then as many, but the unit not tested valid.
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      dialog
        .getByRole("alert")
        .filter({ hasText: "Total Returning Vins must match total for new truck types" })
        .first(),
    ).toBeVisible();
    const half = field(dialog, "1/2 Ton");
    await half.fill(String(Number((await half.inputValue()) || 0) + 1));
    await expect(dialog.locator("[data-new-trucks]")).toHaveText(String(before + 1));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: "All edited vins must be tested and valid" }).first(),
    ).toBeVisible();
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

    // The row added here is dropped again; nothing was saved.
    await row.getByRole("button", { name: "Discard this unit" }).click();
    await expect(rows).toHaveCount(before);
    await expect(page).toHaveURL(new RegExp(`modal=editOnTrade&formHistoryId=${formHistoryId}`));
  });

  test("converts the trade after asking, Yes enabled once the new trucks total one less; a second board drops its return live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await adoptSession(board, ADMIN);
      const { formHistoryId, units } = await convertibleTrade(board, 0);
      await board.goto(boardShowing("offboarding", formHistoryId));
      await expect(liveStatus(board)).toHaveText("Live");
      await adoptSession(page, ON_RENT);
      const returnCard = requestCard(board, formHistoryId);
      await expect(returnCard).toBeVisible();

      const dialog = await openOnOnboarding(page, formHistoryId);
      const question = dialog.getByRole("group", {
        name: "Turn the traded unit into an On Rent? This removes the Off Rent half.",
      });
      // As many new trucks as returning units: Yes waits, and says why.
      for (const label of ["3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"]) await field(dialog, label).fill("0");
      await field(dialog, "1/2 Ton").fill(String(units.length));
      await dialog.getByRole("button", { name: "Convert to order…" }).click();
      const yes = question.getByRole("button", { name: "Yes" });
      await expect(yes).toBeDisabled();
      await expect(question).toContainText(
        `The new trucks must total ${units.length - 1}, one less than the ${units.length} returning unit${units.length === 1 ? "" : "s"}`,
      );
      // No leaves the trade as it is.
      await question.getByRole("button", { name: "No" }).click();
      await expect(question).toHaveCount(0);

      // One less: the kept unit takes a new truck's place.
      await field(dialog, "1/2 Ton").fill(String(units.length - 1));
      await dialog.getByRole("button", { name: "Convert to order…" }).click();
      await expect(yes).toBeEnabled();
      const kept = units[units.length - 1]!;
      await question.getByLabel("Unit the customer keeps on rent").selectOption(kept);
      await yes.click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(boardShowingUrl("onboarding", formHistoryId));

      // The other browser, without reloading: the trade's return half is gone from the offboarding board.
      await expect(returnCard).toHaveCount(0);
      const order = await page.request.get(`/api/orders/${formHistoryId}`);
      expect(order.status(), await order.text()).toBe(200);
      expect(((await order.json()) as { HalfTonCount: number }).HalfTonCount).toBe(units.length - 1);
    } finally {
      await other.close();
    }
  });
});
