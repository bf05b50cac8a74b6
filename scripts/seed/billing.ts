// Accounts receivable: an open contract per unit on rent (closed ones for returned units), monthly
// rent invoices, claims with their damage invoices, damage reports from the public form, and credit
// memos with lines and applications. Money is computed in cents so balances never drift.
import type { Row } from "./bulk-insert.ts";
import { dateText, MS_PER_DAY, timestampText } from "./clock.ts";
import { personAt } from "./contact-details.ts";
import type { SeedContext, UnitInfo } from "./context.ts";
import type { CompanyPicker } from "./fleet.ts";
import { createFaker, createRandom } from "./random.ts";
import { CLAIM_DESCRIPTIONS, CREDIT_MEMO_SOURCES, MONTHLY_RATE } from "./reference-data.ts";

const money = (cents: number) => (cents / 100).toFixed(2);

interface InvoiceInfo {
  row: Row;
  id: number;
  number: string;
  companyId: number;
  unitNumber: string;
  amount: number;
  balance: number;
}

export function buildBilling(ctx: SeedContext, picker: CompanyPicker): void {
  const { clock, sizes } = ctx;
  const random = createRandom("billing");
  const faker = createFaker("billing");
  const arStaff = ctx.staffOf("Accounts Receivable");
  const invoices: InvoiceInfo[] = [];

  const addInvoice = (input: {
    companyId: number;
    unit: UnitInfo;
    formHistoryId: number | null;
    kind: "RENT" | "DAMAGE" | "TRANSPORT";
    date: number;
    amount: number;
    status: "OPEN" | "PAID" | "VOID";
    partial?: boolean;
  }) => {
    const id = ctx.nextId("ArInvoice");
    const number = `INV-${200_000 + id}`;
    const balance =
      input.status === "OPEN" ? (input.partial ? Math.round(input.amount * random.float(0.2, 0.8)) : input.amount) : 0;
    const row: Row = {
      id,
      invoiceNumber: number,
      companyId: input.companyId,
      unitId: input.unit.id,
      formHistoryId: input.formHistoryId,
      kind: input.kind,
      invoiceDate: dateText(input.date),
      dueDate: dateText(input.date + 30 * MS_PER_DAY),
      amount: money(input.amount),
      // What was paid stays; credits applied below lower the balance (the database derives it).
      paidAmount: money(input.status === "VOID" ? 0 : input.amount - balance),
      balance: money(balance),
      status: input.status,
      createdAt: timestampText(input.date),
    };
    ctx.add("ArInvoice", row);
    if (input.status !== "VOID") {
      invoices.push({
        row,
        id,
        number,
        companyId: input.companyId,
        unitNumber: input.unit.unitNumber,
        amount: input.amount,
        balance,
      });
    }
  };

  const rateOf = (unit: UnitInfo) => {
    const [lo, hi] = MONTHLY_RATE[unit.truckType];
    return random.int(lo / 5, hi / 5) * 500; // cents, in steps of $5
  };
  const monthStart = (monthsBack: number) =>
    Date.UTC(clock.now.getUTCFullYear(), clock.now.getUTCMonth() - monthsBack, 1, 12);

  // Open contracts: every unit on rent is billed monthly.
  for (const unit of ctx.units) {
    if (unit.status !== "ON RENT" || unit.companyId === null) continue;
    const id = ctx.nextId("OpenContract");
    const rate = rateOf(unit);
    const formHistoryId = ctx.deliveredBy.get(unit.id) ?? null;
    const started = unit.statusChangedAt;
    const lastMonthEnd = monthStart(0) - MS_PER_DAY;
    ctx.add("OpenContract", {
      id,
      contractNumber: `RC-${100_000 + id}`,
      companyId: unit.companyId,
      unitId: unit.id,
      formHistoryId,
      startDate: dateText(started),
      endDate: null,
      monthlyRate: money(rate),
      billedThrough: started < lastMonthEnd ? dateText(lastMonthEnd) : null,
      status: "OPEN",
      createdAt: timestampText(started),
    });
    for (let m = sizes.invoiceMonths - 1; m >= 0; m--) {
      const date = monthStart(m);
      if (date < started) continue;
      const status =
        m === 0
          ? random.weighted([
              ["OPEN", 70],
              ["PAID", 30],
            ] as const)
          : m === 1
            ? random.weighted([
                ["PAID", 75],
                ["OPEN", 22],
                ["VOID", 3],
              ] as const)
            : random.weighted([
                ["PAID", 92],
                ["OPEN", 6],
                ["VOID", 2],
              ] as const);
      addInvoice({
        companyId: unit.companyId,
        unit,
        formHistoryId,
        kind: "RENT",
        date,
        amount: rate,
        status,
        partial: random.chance(0.08),
      });
    }
  }

  // Closed contracts and final invoices for units the customers gave back.
  for (const ret of ctx.returns) {
    const id = ctx.nextId("OpenContract");
    const rate = rateOf(ret.unit);
    const start = Math.max(ret.unit.inFleetAt, ret.returnedAt - random.float(60, 540) * MS_PER_DAY);
    ctx.add("OpenContract", {
      id,
      contractNumber: `RC-${100_000 + id}`,
      companyId: ret.companyId,
      unitId: ret.unit.id,
      formHistoryId: null,
      startDate: dateText(start),
      endDate: dateText(ret.returnedAt),
      monthlyRate: money(rate),
      billedThrough: dateText(ret.returnedAt),
      status: "CLOSED",
      createdAt: timestampText(start),
    });
    addInvoice({
      companyId: ret.companyId,
      unit: ret.unit,
      formHistoryId: ret.formHistoryId,
      kind: "RENT",
      date: ret.returnedAt + MS_PER_DAY,
      amount: Math.round(rate * random.float(0.2, 1)),
      status: random.chance(0.7) ? "PAID" : "OPEN",
    });
    if (random.chance(0.2)) {
      addInvoice({
        companyId: ret.companyId,
        unit: ret.unit,
        formHistoryId: ret.formHistoryId,
        kind: "TRANSPORT",
        date: ret.returnedAt + MS_PER_DAY,
        amount: random.int(30, 120) * 500,
        status: random.chance(0.6) ? "PAID" : "OPEN",
      });
    }
  }

  // Claims: damage charged to the customer who had the unit.
  const addClaim = (input: {
    companyId: number;
    unit: UnitInfo;
    formHistoryId: number | null;
    damageReportId: number | null;
    openedAt: number;
    status: "OPEN" | "BILLED" | "PAID" | "CLOSED";
  }) => {
    const id = ctx.nextId("Claim");
    const amount = random.int(35, 650) * 1_000;
    const closedAt =
      input.status === "PAID" || input.status === "CLOSED"
        ? Math.min(clock.nowMs - 0.1 * MS_PER_DAY, input.openedAt + random.float(10, 50) * MS_PER_DAY)
        : null;
    ctx.add("Claim", {
      id,
      claimNumber: `CLM-${30_000 + id}`,
      companyId: input.companyId,
      unitId: input.unit.id,
      formHistoryId: input.formHistoryId,
      damageReportId: input.damageReportId,
      description: random.pick(CLAIM_DESCRIPTIONS),
      amount: money(amount),
      status: input.status,
      openedAt: timestampText(input.openedAt),
      closedAt: closedAt === null ? null : timestampText(closedAt),
    });
    if (input.status === "BILLED" || input.status === "PAID") {
      addInvoice({
        companyId: input.companyId,
        unit: input.unit,
        formHistoryId: input.formHistoryId,
        kind: "DAMAGE",
        date: Math.min(clock.nowMs, input.openedAt + random.float(2, 10) * MS_PER_DAY),
        amount,
        status: input.status === "PAID" ? "PAID" : "OPEN",
      });
    }
  };
  for (const unit of ctx.units) {
    if (unit.status !== "Claims") continue;
    addClaim({
      companyId: picker.pick(random).id,
      unit,
      formHistoryId: null,
      damageReportId: null,
      openedAt: Math.min(clock.nowMs - 0.05 * MS_PER_DAY, unit.statusChangedAt + random.float(0, 2) * MS_PER_DAY),
      status: random.chance(0.6) ? "OPEN" : "BILLED",
    });
  }
  for (const ret of ctx.returns) {
    if (!random.chance(0.12)) continue;
    addClaim({
      companyId: ret.companyId,
      unit: ret.unit,
      formHistoryId: ret.formHistoryId,
      damageReportId: null,
      openedAt: Math.min(clock.nowMs - 0.05 * MS_PER_DAY, ret.returnedAt + random.float(1, 5) * MS_PER_DAY),
      status: random.weighted([
        ["BILLED", 3],
        ["PAID", 4],
        ["CLOSED", 3],
      ] as const),
    });
  }

  // Damage reports from the public form, about units on rent; some became claims.
  const onRent = ctx.units.filter((u) => u.status === "ON RENT" && u.companyId !== null);
  random.shuffle(onRent);
  const companiesById = new Map(ctx.companies.map((c) => [c.id, c]));
  for (let i = 0; i < sizes.damageReports && i < onRent.length; i++) {
    const unit = onRent[i]!;
    const company = companiesById.get(unit.companyId!)!;
    const id = ctx.nextId("DamageReport");
    const submittedAt = Math.max(unit.statusChangedAt, clock.daysAgo(random.float(0.2, 40)));
    const status = random.weighted([
      ["NEW", 35],
      ["REVIEWED", 25],
      ["CLAIMED", 25],
      ["DISMISSED", 15],
    ] as const);
    const contact = personAt(faker, random, company.domain, company.place.state);
    ctx.add("DamageReport", {
      id,
      companyId: company.id,
      companyName: company.name,
      contactName: contact.name,
      contactEmail: contact.email,
      contactPhone: random.chance(0.8) ? contact.phone : null,
      unitNumber: unit.unitNumber,
      unitId: unit.id,
      occurredOn: random.chance(0.7) ? dateText(submittedAt - random.int(0, 5) * MS_PER_DAY) : null,
      // Chosen by id, not by the generator, so the rest of the demo data stays as it was.
      location: [
        `Job site in ${company.place.city}, ${company.place.state}`,
        `Customer yard, ${company.place.state}`,
        `I-80 near mile marker ${((id * 37) % 290) + 10}`,
        "Parking lot at the supply store",
      ][id % 4]!,
      description: `${random.pick(CLAIM_DESCRIPTIONS)}. ${random.pick([
        "Happened on the job site.",
        "Found it this morning, not sure when it happened.",
        "Backed into a post at the yard.",
        "Rock from a gravel truck on the highway.",
      ])}`,
      status,
      submittedAt: timestampText(submittedAt),
      version: 1,
    });
    if (status === "CLAIMED") {
      addClaim({
        companyId: company.id,
        unit,
        formHistoryId: null,
        damageReportId: id,
        openedAt: Math.min(clock.nowMs - 0.02 * MS_PER_DAY, submittedAt + random.float(0.5, 3) * MS_PER_DAY),
        status: "OPEN",
      });
    }
  }

  buildCreditMemos(
    ctx,
    invoices,
    arStaff.map((s) => s.id),
  );

  // Units sitting late with a reason recorded: who overrode it and when.
  for (const unit of ctx.units) {
    if (!unit.overrideLate) continue;
    const at = Math.min(clock.nowMs - 0.05 * MS_PER_DAY, unit.statusChangedAt + random.float(3, 20) * MS_PER_DAY);
    ctx.add("AuditLog", {
      id: ctx.nextId("AuditLog"),
      entityType: "Unit",
      entityId: unit.id,
      formHistoryId: null,
      action: "override-late",
      changedData: JSON.stringify({
        "Override Late": "Override Late: 0!Override Late: 1",
        "Override Reason": `Override Reason: !Override Reason: ${unit.overrideReason}`,
      }),
      userId: random.pick(ctx.staffOf("Recon")).id,
      changedAt: timestampText(at),
    });
  }
}

function buildCreditMemos(ctx: SeedContext, invoices: InvoiceInfo[], arStaffIds: number[]): void {
  const { clock, sizes } = ctx;
  const random = createRandom("credit-memos");
  const byCompany = new Map<number, InvoiceInfo[]>();
  for (const invoice of invoices) {
    const list = byCompany.get(invoice.companyId) ?? [];
    list.push(invoice);
    byCompany.set(invoice.companyId, list);
  }
  if (invoices.length === 0) return;
  const usedForMemo = new Set<string>();

  for (let i = 0; i < sizes.creditMemos; i++) {
    const anchor = random.pick(invoices);
    const companyInvoices = byCompany.get(anchor.companyId)!;
    const candidates = companyInvoices.filter((inv) => !usedForMemo.has(inv.number));
    if (candidates.length === 0) continue;
    random.shuffle(candidates);
    const lineInvoices = candidates.slice(
      0,
      random.weighted([
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const),
    );
    for (const inv of lineInvoices) usedForMemo.add(inv.number);

    const id = ctx.nextId("CreditMemo");
    const status = random.weighted([
      ["PENDING", 30],
      ["APPROVED", 60],
      ["VOID", 10],
    ] as const);
    const memoDate = clock.daysAgo(random.float(1, 60));
    const createdById = random.pick(arStaffIds);
    const approvedAt =
      status === "APPROVED"
        ? Math.min(clock.nowMs - 0.02 * MS_PER_DAY, memoDate + random.float(0.1, 3) * MS_PER_DAY)
        : null;
    // Four eyes: another AR clerk approves.
    const approvers = arStaffIds.filter((staffId) => staffId !== createdById);
    const approvedById = approvedAt === null ? null : random.pick(approvers.length > 0 ? approvers : arStaffIds);
    const source = random.pick(CREDIT_MEMO_SOURCES);
    let total = 0;
    for (const inv of lineInvoices) {
      const amount = Math.max(2_500, Math.round((inv.amount * random.float(0.05, 0.5)) / 100) * 100);
      total += amount;
      ctx.add("CreditMemoLine", {
        id: ctx.nextId("CreditMemoLine"),
        creditMemoId: id,
        relatedInvoice: inv.number,
        unitNumber: inv.unitNumber,
        amount: money(amount),
        po: random.chance(0.3) ? `PO-${random.digits(6)}` : null,
        note: `${source} - ${inv.number}`,
      });
    }
    let updatedAt = approvedAt ?? memoDate;

    if (status === "APPROVED" && random.chance(0.7)) {
      // Applied to open invoices of the same customer, never beyond the credit or the balance.
      let available = total;
      const open = companyInvoices.filter((inv) => inv.balance >= 1);
      random.shuffle(open);
      for (const inv of open.slice(0, random.int(1, 2))) {
        if (available < 1) break;
        const amount = Math.max(1, Math.min(available, inv.balance, Math.round(available * random.float(0.3, 1))));
        available -= amount;
        inv.balance -= amount;
        inv.row.balance = money(inv.balance);
        if (inv.balance === 0) inv.row.status = "PAID";
        const appliedAt = Math.min(clock.nowMs - 0.01 * MS_PER_DAY, approvedAt! + random.float(0.1, 10) * MS_PER_DAY);
        updatedAt = Math.max(updatedAt, appliedAt);
        ctx.add("CreditMemoApplication", {
          id: ctx.nextId("CreditMemoApplication"),
          creditMemoId: id,
          invoiceNumber: inv.number,
          invoiceId: inv.id,
          appliedDate: dateText(appliedAt),
          appliedAmount: money(amount),
          invoiceAmount: money(amount),
          appliedNote: random.pick([
            "Applied per customer request",
            "Offset against open rent",
            "Credit applied at month end",
          ]),
          invoiceOverride: random.chance(0.07),
          appliedById: random.pick(arStaffIds),
          createdAt: timestampText(appliedAt),
        });
      }
    }

    ctx.add("CreditMemo", {
      id,
      companyId: anchor.companyId,
      invoiceClaim: lineInvoices[0]!.number,
      memoDate: dateText(memoDate),
      memoType: random.weighted([
        ["OP", 8],
        ["CR", 1],
        ["ADJ", 1],
      ] as const),
      source,
      description: `${source} credit for ${lineInvoices.length === 1 ? lineInvoices[0]!.number : `${lineInvoices.length} invoices`}`,
      notes: random.chance(0.4) ? "Approved by AR manager" : null,
      status,
      createdById,
      createdAt: timestampText(memoDate),
      approvedById,
      approvedAt: approvedAt === null ? null : timestampText(approvedAt),
      version: 1,
      updatedAt: timestampText(updatedAt),
    });
    if (approvedAt !== null) {
      ctx.add("AuditLog", {
        id: ctx.nextId("AuditLog"),
        entityType: "CreditMemo",
        entityId: id,
        formHistoryId: null,
        action: "approve",
        changedData: JSON.stringify({ Status: "Status: PENDING!Status: APPROVED" }),
        userId: approvedById,
        changedAt: timestampText(approvedAt),
      });
    }
  }
}
