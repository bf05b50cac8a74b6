// What the split dialogs' browser tests (tests/e2e/splits*.spec.ts) share. A split changes a request for good
// (the original shrinks, new requests appear) and the e2e database outlives a run, so each test inserts its own
// order, trade or off-rent — for a company of its own, with fleet units of its own reserved or returning — and
// never touches the demo data other files rely on (as order-cancel.support.ts does for cancelling). The
// database is the e2e server's: E2E_DATABASE_URL, or its embedded PostgreSQL under .data/e2e/pg.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import type pg from "pg";
import { ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "../../app/rules/orders/order-stages.ts";
import { announceChanged, withClient } from "./support/database.ts";

export type SplitKindUnderTest = "order" | "trade" | "off-rent";

export interface SplitRequest {
  kind: SplitKindUnderTest;
  formHistoryId: number;
  companyName: string;
  /** Reserved units (orders, trades), unit numbers. */
  reserved: string[];
  /** Returning units (trades, off-rents), unit numbers. */
  returning: string[];
}

const CONTACT = ["Pat Lee", "(512) 555-0100", "pat@e2e.example", "1 Main St", "Austin", "TX", "78701"] as const;

async function insertCompany(client: pg.Client, label: string): Promise<{ id: number; code: string; name: string }> {
  const name = `E2E Split ${label} ${randomInt(100_000, 999_999)}`;
  for (;;) {
    const code = String(randomInt(10_000, 100_000));
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "Company" (code, name, "updatedAt") VALUES ($1, $2, now()) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [code, name],
    );
    if (rows[0]) return { id: rows[0].id, code, name };
  }
}

/** `count` new fleet units (1/2 tons) of their own: unit numbers no other test or the demo data uses. */
async function insertUnits(client: pg.Client, count: number): Promise<{ id: number; unitNumber: string }[]> {
  const { rows: statuses } = await client.query<{ id: number }>(
    `SELECT id FROM "UnitStatus" ORDER BY (name ILIKE '%reserv%') DESC, "sortOrder" LIMIT 1`,
  );
  expect(statuses[0], "the e2e database has unit statuses").toBeDefined();
  const units: { id: number; unitNumber: string }[] = [];
  while (units.length < count) {
    const unitNumber = `S${randomInt(1_000_000, 10_000_000)}`;
    const vin = `E2ESPLIT${randomInt(100_000_000, 1_000_000_000)}`;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "Unit" ("unitNumber", vin, year, make, model, color, "truckType", odometer, "statusId",
         "statusChangedAt", "inFleetDate", "updatedAt")
       VALUES ($1, $2, 2024, 'Ford', 'F-150', 'White', 'HALF_TON', 12000, $3, now(), now()::date, now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [unitNumber, vin, statuses[0]!.id],
    );
    if (rows[0]) units.push({ id: rows[0].id, unitNumber });
  }
  return units;
}

async function insertHistory(client: pg.Client, kind: "ORDER" | "TRADE" | "OFF_RENT", label: string) {
  const company = await insertCompany(client, label);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO "FormHistory" (kind, "companyId", "submitteeName", "approvedAt", "updatedAt")
     VALUES ($1, $2, 'E2E', now(), now()) RETURNING id`,
    [kind, company.id],
  );
  return { company, formHistoryId: rows[0]!.id };
}

/** An Approved order for four 1/2 ton trucks, two of them reserved (units of its own). */
export function insertSplitOrder(label: string): Promise<SplitRequest> {
  return withClient(async (client) => {
    const { company, formHistoryId } = await insertHistory(client, "ORDER", label);
    const [name, phone, email, street, city, state, zip] = CONTACT;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO "OrderForm" ("formHistoryId", "onboardingStatus", "corporateName", "companyCode", "halfTonCount",
         "trucksRequested", "trucksRemaining", "expectedRentalLength", "dateNeeded",
         "delName", "delPhone", "delEmail", "delStreetAddress", "delCity", "delState", "delZip",
         "billName", "billPhone", "billEmail", "billStreetAddress", "billCity", "billState", "billZip",
         "useStreetAddress", "useCity", "useState", "useZip", "raName", "raPhone", "raEmail", "updatedAt")
       VALUES ($1, $11, $2, $3, 4, 4, 4, '6 months', (now() + interval '14 days')::date,
         $4, $5, $6, $7, $8, $9, $10, $4, $5, $6, $7, $8, $9, $10, $7, $8, $9, $10, $4, $5, $6, now())
       RETURNING id`,
      [
        formHistoryId,
        company.name,
        company.code,
        name,
        phone,
        email,
        street,
        city,
        state,
        zip,
        ONBOARDING_STAGE.approved,
      ],
    );
    const units = await insertUnits(client, 2);
    for (const unit of units)
      await client.query(`INSERT INTO "Reservation" ("unitId", "formHistoryId", "orderFormId") VALUES ($1, $2, $3)`, [
        unit.id,
        formHistoryId,
        rows[0]!.id,
      ]);
    return {
      kind: "order" as const,
      formHistoryId,
      companyName: company.name,
      reserved: units.map((unit) => unit.unitNumber),
      returning: [],
    };
  }).then(announced(["onBoardingCardsRefresh"]));
}

/** An Approved trade of four new 1/2 tons for four returning trucks: two new ones reserved, two returning units. */
export function insertSplitTrade(label: string): Promise<SplitRequest> {
  return withClient(async (client) => {
    const { company, formHistoryId } = await insertHistory(client, "TRADE", label);
    const [name, phone, email, street, city, state, zip] = CONTACT;
    const trade = await client.query<{ id: number }>(
      `INSERT INTO "TradeForm" ("formHistoryId", "onboardingStatus", "corporateNameTrade", "companyCode",
         "halfTonCountTrade", "numTrucksReturning", "returnTrucksRemaining", "newTrucksRemaining",
         "pickupDate", "pickupName", "pickupEmail", "pickupPhone", "pickupStreetAddress", "pickupCity", "pickupState",
         "pickupZip", "useStreetAddress", "useCity", "useState", "useZip", "raName", "raPhone", "raEmail",
         "submitteeName", "submitDate", "updatedAt")
       VALUES ($1, $11, $2, $3, 4, 4, 4, 4, (now() + interval '7 days')::date, $4, $6, $5, $7, $8, $9, $10,
         $7, $8, $9, $10, $4, $5, $6, $4, now()::date, now())
       RETURNING id`,
      [
        formHistoryId,
        company.name,
        company.code,
        name,
        phone,
        email,
        street,
        city,
        state,
        zip,
        ONBOARDING_STAGE.approved,
      ],
    );
    const offRent = await client.query<{ id: number }>(
      `INSERT INTO "OffRentForm" ("formHistoryId", "tradeFormId", "companyName", "companyCode", "submittedBy",
         "pickupDate", "pickupName", "pickupEmail", "pickupPhone", "pickupStreetAddress", "pickupCity", "pickupState",
         "pickupZip", "numTrucksReturning", "trucksRemaining", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, (now() + interval '7 days')::date, $5, $6, $7, $8, $9, $10, $11, 4, 4, now())
       RETURNING id`,
      [formHistoryId, trade.rows[0]!.id, company.name, company.code, name, email, phone, street, city, state, zip],
    );
    const [first, second, ...returningUnits] = await insertUnits(client, 4);
    for (const unit of [first!, second!])
      await client.query(`INSERT INTO "Reservation" ("unitId", "formHistoryId", "tradeFormId") VALUES ($1, $2, $3)`, [
        unit.id,
        formHistoryId,
        trade.rows[0]!.id,
      ]);
    await insertReturning(client, formHistoryId, offRent.rows[0]!.id, returningUnits);
    return {
      kind: "trade" as const,
      formHistoryId,
      companyName: company.name,
      reserved: [first!.unitNumber, second!.unitNumber],
      returning: returningUnits.map((unit) => unit.unitNumber),
    };
  }).then(announced(["onBoardingCardsRefresh", "offBoardingCardsRefresh"]));
}

/** An off-rent of three trucks awaiting pickup, two of them matched to fleet units of its own. */
export function insertSplitOffRent(label: string): Promise<SplitRequest> {
  return withClient(async (client) => {
    const { company, formHistoryId } = await insertHistory(client, "OFF_RENT", label);
    const [name, phone, email, street, city, state, zip] = CONTACT;
    const offRent = await client.query<{ id: number }>(
      `INSERT INTO "OffRentForm" ("formHistoryId", "companyName", "companyCode", "submittedBy", "pickupDate",
         "pickupName", "pickupEmail", "pickupPhone", "pickupStreetAddress", "pickupCity", "pickupState", "pickupZip",
         "numTrucksReturning", "trucksRemaining", "updatedAt")
       VALUES ($1, $2, $3, $4, (now() + interval '7 days')::date, $4, $5, $6, $7, $8, $9, $10, 3, 3, now())
       RETURNING id`,
      [formHistoryId, company.name, company.code, name, email, phone, street, city, state, zip],
    );
    const units = await insertUnits(client, 2);
    await insertReturning(client, formHistoryId, offRent.rows[0]!.id, units);
    return {
      kind: "off-rent" as const,
      formHistoryId,
      companyName: company.name,
      reserved: [],
      returning: units.map((unit) => unit.unitNumber),
    };
  }).then(announced(["offBoardingCardsRefresh"]));
}

async function insertReturning(
  client: pg.Client,
  formHistoryId: number,
  offRentFormId: number,
  units: readonly { id: number; unitNumber: string }[],
) {
  for (const unit of units)
    await client.query(
      `INSERT INTO "ReturningUnit" ("formHistoryId", "offRentFormId", "unitNumber", "unitId", odometer, "statusId")
       VALUES ($1, $2, $3, $4, 42000, $5)`,
      [formHistoryId, offRentFormId, unit.unitNumber, unit.id, RETURNING_UNIT_STATUS.awaitingPickup],
    );
}

/** The requests split off `formHistoryId` (the new parts), by id. */
export function splitParts(formHistoryId: number): Promise<number[]> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM "FormHistory" WHERE "splitFromId" = $1 ORDER BY id`,
      [formHistoryId],
    );
    return rows.map((row) => row.id);
  });
}

const announced =
  (events: readonly string[]) =>
  async <T>(request: T): Promise<T> => {
    await announceChanged(events);
    return request;
  };

const BOARD: Record<SplitKindUnderTest, "onboarding" | "offboarding"> = {
  order: "onboarding",
  trade: "onboarding",
  "off-rent": "offboarding",
};

/** The board the request's cards show on, filtered to its company (the original and, after a split, its parts). */
export const companyBoard = (request: SplitRequest) =>
  `/${BOARD[request.kind]}?filter=${encodeURIComponent(request.companyName)}`;

/** The cards of the request's company on the board the page shows. */
export const companyCards = (page: Page) => page.locator("article[data-card-key]");

export const splitDialogOf = (page: Page, kind: SplitKindUnderTest) =>
  page.getByRole("dialog", { name: kind === "off-rent" ? "Split Off Rents" : "Split Order" });

/** Opens the request's split dialog from its card's Split link on the page's board. */
export async function openSplit(page: Page, request: SplitRequest): Promise<Locator> {
  await page.goto(companyBoard(request));
  const card = page.locator(`article[data-card-key="form-${request.formHistoryId}"]`);
  await card.getByRole("link", { name: "Split", exact: true }).click();
  const dialog = splitDialogOf(page, request.kind);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`#${request.formHistoryId}`)).toBeVisible();
  return dialog;
}

/** A split's column in the dialog (1-based, as its heading says). */
export const splitColumn = (dialog: Locator, number: number) => dialog.locator(`[data-split="${number}"]`);

/** A unit's row in a split's column. */
export const unitRow = (dialog: Locator, number: number, unit: string) =>
  splitColumn(dialog, number).locator(`li[data-unit="${unit}"]`);
