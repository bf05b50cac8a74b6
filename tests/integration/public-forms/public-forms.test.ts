// The public order, trade and off-rent forms through the real server: a valid
// submission becomes the request the boards list (source PUBLIC_FORM, Submitted) with its audit row and
// origin, and a receipt of our own text when an address was given; every refusal (a field, the honeypot, a
// quick bot, a ticket sent again, the per-address limit, an oversized body) answers 4xx with its message and
// writes nothing.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCards as loadOffboarding } from "~/modules/boards/lists/offboarding.server.ts";
import { loadCards as loadOnboarding } from "~/modules/boards/lists/onboarding.server.ts";
import { issuePublicFormTicket } from "~/modules/public-forms/public-form-guard.server.ts";
import { REVIEW_COMPANY } from "~/modules/public-forms/public-requests.server.ts";
import {
  PUBLIC_FORM_BODY_LIMIT,
  PUBLIC_FORM_FIELDS,
  PUBLIC_FORM_MESSAGES,
  PUBLIC_SUBMISSIONS_PER_WINDOW,
} from "~/rules/public-forms/public-form-guard.ts";
import { fieldMessages } from "~/rules/edit-fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { TRADE_FORM_MESSAGES } from "~/rules/public-forms/trade-form.ts";
import { UNIT_ROW_MESSAGES } from "~/rules/public-forms/public-form-fields.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import {
  validOffRentBody,
  validOrderBody,
  validTradeBody,
  type FormBody,
} from "../../support/factories/public-forms.ts";
import { openWriteCounter } from "../../support/property.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { agedTicket, FORMS, freshAddress, postForm } from "./public-forms-support.ts";

const db = createTestPrisma();
const mailDir = mkdtempSync(path.join(tmpdir(), "fleetops-public-forms-"));
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "p".repeat(32), TRUST_PROXY_HOPS: "1", DATA_DIR: mailDir });
});
afterAll(async () => {
  await server?.close();
});

/** Runs `work` and answers how many rows it wrote. */
async function rowsWrittenBy(work: () => Promise<unknown>): Promise<number> {
  const counter = await openWriteCounter(testDatabaseUrl());
  try {
    await work();
    return await counter.read();
  } finally {
    await counter.close();
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** The reference of a successful submission's redirect. */
function referenceOf(response: Response, path: string): string {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("location")!, server.url);
  expect(location.pathname).toBe(path);
  return location.searchParams.get("reference")!;
}

const idOf = (reference: string) => Number(reference.slice(4));

async function mailTo(address: string): Promise<string> {
  const dir = path.join(mailDir, "mail");
  for (let i = 0; i < 50; i++) {
    // The receipt is written after the answer, under a `.partial` name renamed to `.eml` once whole (the
    // mailer): only an `.eml` is read, and it is complete.
    const file = (() => {
      try {
        return readdirSync(dir).find((name) => name.includes(address) && name.endsWith(".eml"));
      } catch {
        return undefined;
      }
    })();
    if (file) return readFileSync(path.join(dir, file), "utf8");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

describe("the pages", () => {
  it.each(Object.values(FORMS))(
    "%s draws the form with a ticket and a hidden honeypot, no session needed",
    async (page) => {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`name="${PUBLIC_FORM_FIELDS.ticket}" value="v1\\.`));
      expect(html).toContain(`name="${PUBLIC_FORM_FIELDS.honeypot}"`);
      expect(html).toContain("Leave this field empty");
      expect(html).toContain('method="post"');
    },
  );
});

describe("/order-form", () => {
  it("stores simultaneous first orders of unknown companies, the review customer created once", async () => {
    const responses = await Promise.all(
      ["91001", "91002", "91003", "91004"].map((code) =>
        postForm(server, FORMS.order, validOrderBody({ CompanyNumber: code })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([303, 303, 303, 303]);
    expect(await db.company.count({ where: { code: REVIEW_COMPANY.code } })).toBe(1);
  });

  it("stores an order awaiting approval on the onboarding board, audited with its origin, and mails a receipt", async () => {
    const customer = await company(db);
    const address = freshAddress();
    const response = await postForm(
      server,
      FORMS.order,
      validOrderBody({ CompanyNumber: customer.code, ReceiptEmail: "dana@acme-paving.example", PONumber: "PO-1" }),
      { address },
    );
    const reference = referenceOf(response, FORMS.order);
    expect(reference).toMatch(/^ORD-\d{6,}$/);
    const formHistoryId = idOf(reference);
    const history = await db.formHistory.findUniqueOrThrow({
      where: { id: formHistoryId },
      include: { orderForm: true },
    });
    expect(history).toMatchObject({ kind: "ORDER", source: "PUBLIC_FORM", companyId: customer.id, approvedAt: null });
    expect(history.orderForm).toMatchObject({
      onboardingStatus: 0,
      corporateName: "Acme Paving LLC",
      companyCode: customer.code,
      halfTonCount: 2,
      oneTonFlatCount: 1,
      trucksRequested: 3,
      trucksRemaining: 3,
      damageWaiverId: 1,
      poNumber: "PO-1",
      delPhone: "(214) 555-0142",
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { formHistoryId, action: "public-order-form" } });
    expect(audit.userId).toBeNull();
    expect(audit.changedData).toMatchObject({
      Reference: `Reference: !Reference: ${reference}`,
      Address: `Address: !Address: ${address}`,
    });
    const cards = await loadOnboarding(db, new Date(), [formHistoryId]);
    expect(cards.map((card) => card.formHistoryId)).toEqual([formHistoryId]);
    expect(cards[0]!.stage.order).toBe(0);

    const mail = await mailTo("dana@acme-paving.example");
    expect(mail).toContain(reference);

    const confirmation = await fetch(new URL(response.headers.get("location")!, server.url));
    const html = await confirmation.text();
    expect(html).toContain(reference);
    expect(html).toContain("We sent a receipt");
  });

  it("mails only our own text and the reference: nothing the sender typed reaches the address they gave", async () => {
    // What a spammer would write to send their text, through our mail server, to any address they type.
    const typed = {
      CorporateName: "Cheap pills at spam-shop example",
      SubmitteeName: "Visit spam-shop example now",
      ExpectedRentalLength: "Click spam-shop example",
      PONumber: "WIN-A-PRIZE-4471",
      DelName: "Prize Department",
      DelCity: "Spamville",
      specialInstructions: "You won! Claim your prize at spam-shop example before Friday.",
    };
    const response = await postForm(
      server,
      FORMS.order,
      validOrderBody({ ...typed, ReceiptEmail: "victim@elsewhere.example" }),
    );
    const reference = referenceOf(response, FORMS.order);
    const mail = await mailTo("victim@elsewhere.example");
    expect(mail).toContain(reference);
    for (const value of [...Object.values(typed), "spam-shop", "Dallas", "Sam Ortiz", "Pat Lee"]) {
      expect(mail).not.toContain(value);
    }
  });

  it("files an unknown company code under the review customer, answering exactly as for a known one", async () => {
    const response = await postForm(server, FORMS.order, validOrderBody({ CompanyNumber: "99871" }));
    const formHistoryId = idOf(referenceOf(response, FORMS.order));
    const history = await db.formHistory.findUniqueOrThrow({
      where: { id: formHistoryId },
      include: { company: true, orderForm: true },
    });
    expect(history.company.code).toBe(REVIEW_COMPANY.code);
    expect(history.orderForm!.companyCode).toBe("99871");
    expect(response.headers.get("location")).toMatch(/receipt=0$/);
  });

  it.each([
    ["CorporateName", "", fieldMessages.required("Company name")],
    ["DelPhone", "12345", fieldMessages.phone("Delivery contact phone")],
    ["UseZip", "1234", fieldMessages.zip("Zip")],
    ["OneTonServiceCount", "1234", fieldMessages.count("Service Body")],
    ["PONumber", "X".repeat(36), fieldMessages.tooLong("PO number", 35)],
  ])("refuses %s = %j with its message, the values kept, nothing stored", async (name, value, message) => {
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, FORMS.order, validOrderBody({ [name]: value, DelCity: "Fort Worth" }));
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(message));
    expect(html).toContain(`href="#${name}"`);
    expect(html).toContain('value="Fort Worth"');
    expect(written).toBe(0);
  });
});

describe("/trade-form", () => {
  it("stores both halves of a trade, its units, on the onboarding and offboarding boards", async () => {
    const response = await postForm(server, FORMS.trade, validTradeBody({ ReceiptEmail: "trade@acme.example" }));
    const reference = referenceOf(response, FORMS.trade);
    expect(reference).toMatch(/^TRD-/);
    const formHistoryId = idOf(reference);
    const history = await db.formHistory.findUniqueOrThrow({
      where: { id: formHistoryId },
      include: { tradeForm: true, offRentForm: true, returningUnits: { orderBy: { id: "asc" } } },
    });
    expect(history).toMatchObject({ kind: "TRADE", source: "PUBLIC_FORM" });
    expect(history.tradeForm).toMatchObject({
      onboardingStatus: 0,
      halfTonCountTrade: 1,
      threeQuarterTonCountTrade: 1,
      numTrucksReturning: 2,
      newTrucksRemaining: 2,
      damageWaiverId: 2,
      deliveryName: null,
    });
    expect(history.offRentForm).toMatchObject({ tradeFormId: history.tradeForm!.id, offboardingStatus: 0 });
    expect(history.returningUnits.map((line) => [line.unitNumber, line.odometer, line.statusId])).toEqual([
      ["TRD00001", 45120, 5],
      ["TRD00002", 38800, 5],
    ]);
    expect((await loadOnboarding(db, new Date(), [formHistoryId])).length).toBe(1);
    expect((await loadOffboarding(db, new Date(), [formHistoryId])).length).toBe(1);
    expect(await mailTo("trade@acme.example")).toContain(reference);
  });

  it.each([
    [{ ThreeQuarterTonCountTrade: "" }, "HalfTonCountTrade", TRADE_FORM_MESSAGES.totalMismatch],
    [{ unitNumber: ["TRD00001", "TRD00001"] }, "unitNumber-1", UNIT_ROW_MESSAGES.duplicate],
    [{ unitOdometer: ["45120", "1234567890"] }, "unitOdometer-1", UNIT_ROW_MESSAGES.odometer],
    [{ pickupEmail: "sam@" }, "pickupEmail", fieldMessages.email("Pickup contact e-mail")],
    [{ deliveryCity: "Austin" }, "deliveryName", fieldMessages.required("Delivery contact name")],
  ] as [FormBody, string, string][])("refuses %j at %s, nothing stored", async (overrides, field, message) => {
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, FORMS.trade, validTradeBody(overrides));
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(message));
    expect(html).toContain(`href="#${field}"`);
    expect(written).toBe(0);
  });

  it("adds a unit row without JavaScript, storing nothing", async () => {
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, FORMS.trade, validTradeBody({ intent: "add-unit" }));
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="unitNumber-2"');
    expect(html).toContain('value="TRD00002"');
    expect(written).toBe(0);
  });
});

describe("/off-rent-form", () => {
  it("removes a unit row without JavaScript, keeping the others' values", async () => {
    const response = await postForm(
      server,
      FORMS.offRent,
      validOffRentBody({ unitNumber: ["KEEP0001", "DROP0002"], unitOdometer: ["1", "2"], intent: "remove-unit-1" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="KEEP0001"');
    expect(html).not.toContain("DROP0002");
    expect(html).not.toContain('id="unitNumber-1"');
  });

  it("stores an off-rent with its units on the offboarding board", async () => {
    const response = await postForm(
      server,
      FORMS.offRent,
      validOffRentBody({ unitNumber: ["off00001", "OFF00002"], unitOdometer: ["10", "20"] }),
    );
    const formHistoryId = idOf(referenceOf(response, FORMS.offRent));
    const history = await db.formHistory.findUniqueOrThrow({
      where: { id: formHistoryId },
      include: { offRentForm: true, returningUnits: { orderBy: { id: "asc" } } },
    });
    expect(history).toMatchObject({ kind: "OFF_RENT", source: "PUBLIC_FORM", submitteeName: "Dana Reyes" });
    expect(history.offRentForm).toMatchObject({ offboardingStatus: 0, numTrucksReturning: 2, tradeFormId: null });
    expect(history.returningUnits.map((line) => line.unitNumber)).toEqual(["OFF00001", "OFF00002"]);
    expect((await loadOffboarding(db, new Date(), [formHistoryId])).length).toBe(1);
  });

  it("keeps the customer's odometer of each unit it has on rent as a RETURN reading, none for another's unit", async () => {
    await ensureStatuses(db);
    const customer = await company(db);
    const stranger = await company(db);
    const own = await unit(db, "ON RENT", { companyId: customer.id });
    const others = await unit(db, "ON RENT", { companyId: stranger.id });
    const response = await postForm(
      server,
      FORMS.offRent,
      validOffRentBody({
        compCode: customer.code,
        unitNumber: [own.unitNumber, others.unitNumber, "OFF00009"],
        unitOdometer: ["61234", "7000", "10"],
      }),
    );
    const formHistoryId = idOf(referenceOf(response, FORMS.offRent));
    const readings = await db.odometerReading.findMany({ where: { formHistoryId } });
    expect(
      readings.map(({ unitId, reading, source, recordedById }) => ({ unitId, reading, source, recordedById })),
    ).toEqual([{ unitId: own.id, reading: 61_234, source: "RETURN", recordedById: null }]);
    expect(await db.odometerReading.count({ where: { unitId: others.id } })).toBe(0);
  });

  it.each([
    ["pickupZip", "7520", OFF_RENT_EDIT_MESSAGES.zip],
    ["pickupPhone", "555", OFF_RENT_EDIT_MESSAGES.phone],
    ["compCode", "abc", OFF_RENT_EDIT_MESSAGES.companyCodeDigits],
  ])("refuses %s = %j with the off-rent editor's message", async (name, value, message) => {
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, FORMS.offRent, validOffRentBody({ [name]: value }));
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(escapeHtml(message));
    expect(written).toBe(0);
  });
});

describe("the safety layer", () => {
  const valid = { order: validOrderBody(), trade: validTradeBody(), offRent: validOffRentBody() } as const;

  it.each(Object.entries(FORMS))("%s refuses a filled honeypot with the generic message", async (form, page) => {
    let response!: Response;
    const body = { ...valid[form as keyof typeof valid], [PUBLIC_FORM_FIELDS.honeypot]: "http://spam.example" };
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, page, body);
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.refused));
    expect(html).not.toContain("Acme Paving");
    expect(written).toBe(0);
  });

  it.each(Object.entries(FORMS))("%s tells a too-quick sender to send again, which then works", async (form, page) => {
    const address = freshAddress();
    const body = valid[form as keyof typeof valid];
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(
        server,
        page,
        { ...body, [PUBLIC_FORM_FIELDS.ticket]: issuePublicFormTicket(server.services) },
        { address },
      );
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.tooFast));
    expect(html).toContain('value="Acme Paving LLC"');
    expect(written).toBe(0);
    expect((await postForm(server, page, body, { address })).status).toBe(303);
  });

  it.each(Object.entries(FORMS))(
    "%s accepts a ticket once: sent again, it is refused with a fresh ticket and nothing more is stored",
    async (form, page) => {
      const body = { ...valid[form as keyof typeof valid], [PUBLIC_FORM_FIELDS.ticket]: agedTicket(server) };
      expect((await postForm(server, page, body)).status).toBe(303);
      let response!: Response;
      const written = await rowsWrittenBy(async () => {
        response = await postForm(server, page, body);
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.used));
      const drawn = new RegExp(`name="${PUBLIC_FORM_FIELDS.ticket}" value="(v1\\.[^"]+)"`).exec(html)?.[1];
      expect(drawn).toBeDefined();
      expect(drawn).not.toBe(body[PUBLIC_FORM_FIELDS.ticket]);
      expect(html).toContain('value="Acme Paving LLC"');
      expect(written).toBe(0);
      // The fresh ticket is one of ours, unused: sent at once it is only too quick.
      const again = await postForm(server, page, { ...body, [PUBLIC_FORM_FIELDS.ticket]: drawn! });
      expect(await again.text()).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.tooFast));
    },
  );

  it("stores one request when one ticket is sent several times at once", async () => {
    const ticket = agedTicket(server);
    const before = await db.formHistory.count();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        postForm(server, FORMS.order, { ...validOrderBody(), [PUBLIC_FORM_FIELDS.ticket]: ticket }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([303, 400, 400, 400]);
    expect(await db.formHistory.count()).toBe(before + 1);
  });

  it("refuses a forged or damaged ticket as expired", async () => {
    const response = await postForm(server, FORMS.order, {
      ...validOrderBody(),
      [PUBLIC_FORM_FIELDS.ticket]: `v1.${(Date.now() - 10_000).toString(36)}.abcdefghijklmnop.${"A".repeat(43)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.expired));
  });

  it("limits submissions per address over every form (429 with Retry-After)", async () => {
    const address = freshAddress();
    const broken = validOrderBody({ CorporateName: "" });
    for (let i = 0; i < PUBLIC_SUBMISSIONS_PER_WINDOW; i++) {
      const page = Object.values(FORMS)[i % 3]!;
      expect((await postForm(server, page, broken, { address })).status).toBe(400);
    }
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, FORMS.trade, validTradeBody(), { address });
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.text()).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.tooMany));
    expect(written).toBe(0);
    // Another address is not held back.
    expect((await postForm(server, FORMS.trade, validTradeBody())).status).toBe(303);
  });

  it.each(Object.values(FORMS))("%s answers an oversized body with 413 and a page saying so", async (page) => {
    let response!: Response;
    const written = await rowsWrittenBy(async () => {
      response = await postForm(server, page, {
        ...validOrderBody(),
        specialInstructions: "x".repeat(PUBLIC_FORM_BODY_LIMIT),
      });
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(escapeHtml(PUBLIC_FORM_MESSAGES.tooLarge));
    expect(written).toBe(0);
  });

  it("refuses a cross-site post like every other form", async () => {
    const response = await fetch(`${server.url}${FORMS.order}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      body: "CorporateName=x",
    });
    expect(response.status).toBe(403);
  });

  it("answers a body that is not a form with 400", async () => {
    const response = await postForm(server, FORMS.offRent, {}, { raw: "{not json", contentType: "application/json" });
    expect(response.status).toBe(400);
  });
});
