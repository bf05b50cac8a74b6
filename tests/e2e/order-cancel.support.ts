// Records the cancel browser tests work on. Cancelling takes a request off the boards for good, and the
// e2e database outlives a run (the server seeds only an empty one), so each test inserts its own
// request for a company of its own instead of using up the demo data other files rely on — as
// epic-stack's fixtures insert their users. The database is the e2e server's: E2E_DATABASE_URL, or its
// embedded PostgreSQL under .data/e2e/pg, shared with the server that owns it (it is never stopped here).
// Also the step both cancel specs take to open the dialog from a request's card.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import type pg from "pg";
import { announceChanged, withClient } from "./support/database.ts";
import { requestCard } from "./support/board.ts";
import { RETURNING_UNIT_STATUS } from "../../app/rules/orders/order-stages.ts";

export interface TestRequest {
  formHistoryId: number;
  /** The company's name: the card's and the dialog's title. */
  companyName: string;
}

/** A new company with a free five-digit code and a name no other test uses. */
async function insertCompany(client: pg.Client, label: string): Promise<{ id: number; code: string; name: string }> {
  const name = `E2E Cancel ${label} ${randomInt(100_000, 999_999)}`;
  for (;;) {
    const code = String(randomInt(10_000, 100_000));
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "Company" (code, name, "updatedAt") VALUES ($1, $2, now()) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [code, name],
    );
    if (rows[0]) return { id: rows[0].id, code, name };
  }
}

/** A request (FormHistory) of this kind for a new company of its own; `prepay`: its prepay confirmed. */
async function insertRequest(client: pg.Client, kind: "ORDER" | "OFF_RENT", label: string, prepay = false) {
  const company = await insertCompany(client, label);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "FormHistory" (kind, "companyId", "submitteeName", "confirmedPrepay", "updatedAt")
     VALUES ($1, $2, 'E2E', $3, now()) RETURNING id`,
    [kind, company.id, prepay],
  );
  return { company, formHistoryId: rows[0]!.id };
}

const CONTACT = ["Pat Lee", "(512) 555-0100", "pat@e2e.example", "1 Main St", "Austin", "TX", "78701"];

/**
 * A Submitted on-rent order for two 1/2 ton trucks, nothing reserved or assigned yet (its prepay
 * confirmed with `prepay`; the priority tests).
 */
export function insertOrder(label: string, options: { prepay?: boolean } = {}): Promise<TestRequest> {
  return withClient(async (client) => {
    const { company, formHistoryId } = await insertRequest(client, "ORDER", label, options.prepay ?? false);
    const [name, phone, email, street, city, state, zip] = CONTACT;
    await client.query(
      `INSERT INTO "OrderForm" ("formHistoryId", "corporateName", "companyCode", "halfTonCount", "trucksRequested",
         "trucksRemaining", "expectedRentalLength", "dateNeeded",
         "delName", "delPhone", "delEmail", "delStreetAddress", "delCity", "delState", "delZip",
         "billName", "billPhone", "billEmail", "billStreetAddress", "billCity", "billState", "billZip",
         "useStreetAddress", "useCity", "useState", "useZip", "raName", "raPhone", "raEmail", "updatedAt")
       VALUES ($1, $2, $3, 2, 2, 2, '6 months', (now() + interval '14 days')::date,
         $4, $5, $6, $7, $8, $9, $10, $4, $5, $6, $7, $8, $9, $10, $7, $8, $9, $10, $4, $5, $6, now())`,
      [formHistoryId, company.name, company.code, name, phone, email, street, city, state, zip],
    );
    return { formHistoryId, companyName: company.name };
  }).then(async (request) => {
    await announceChanged(["onBoardingCardsRefresh"]);
    return request;
  });
}

/** A Submitted off-rent returning one unit (not yet matched to the fleet), no pickup booked. */
export function insertOffRent(label: string): Promise<TestRequest> {
  return withClient(async (client) => {
    const { company, formHistoryId } = await insertRequest(client, "OFF_RENT", label);
    const [name, phone, email, street, city, state, zip] = CONTACT;
    const offRent = await client.query<{ id: number }>(
      `INSERT INTO "OffRentForm" ("formHistoryId", "companyName", "companyCode", "submittedBy", "pickupDate",
         "pickupName", "pickupEmail", "pickupPhone", "pickupStreetAddress", "pickupCity", "pickupState", "pickupZip",
         "numTrucksReturning", "trucksRemaining", "updatedAt")
       VALUES ($1, $2, $3, $4, (now() + interval '7 days')::date, $4, $5, $6, $7, $8, $9, $10, 1, 1, now()) RETURNING id`,
      [formHistoryId, company.name, company.code, name, email, phone, street, city, state, zip],
    );
    await client.query(
      `INSERT INTO "ReturningUnit" ("formHistoryId", "offRentFormId", "unitNumber", odometer, "statusId") VALUES ($1, $2, $3, 42000, $4)`,
      [formHistoryId, offRent.rows[0]!.id, `E${randomInt(1_000_000, 9_999_999)}`, RETURNING_UNIT_STATUS.new],
    );
    return { formHistoryId, companyName: company.name };
  }).then(async (request) => {
    await announceChanged(["offBoardingCardsRefresh"]);
    return request;
  });
}

/** Clicks the Cancel link of the request's card on the board the page shows: the dialog it opens, titled with the company. */
export async function openCancelDialog(page: Page, request: TestRequest): Promise<Locator> {
  await requestCard(page, request.formHistoryId).getByRole("link", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`modal=noteOnboarding&formHistoryId=${request.formHistoryId}`));
  const dialog = page.getByRole("dialog", { name: request.companyName });
  await expect(dialog).toBeVisible();
  return dialog;
}
