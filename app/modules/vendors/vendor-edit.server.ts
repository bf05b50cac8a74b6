// Creating and editing vendors (ADR 035), shared by the vendor dialog (on the transport board
// and the vendors page) and the JSON API. Each operation checks the permission, validates with the
// rules (app/rules/vendors/vendor-edit.ts), runs the duplicate-name check, and writes the vendor with its
// audit row in one transaction. The database's unique index on the normalised name is what holds the
// exact-duplicate rule when two people create the same vendor at once.
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { CARD_LISTS } from "../../rules/boards/boards.ts";
import { type AuditActor, auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { type OperationActor, type OperationResult, refuse } from "../operations/operation.server.ts";
import { idFromPath } from "../operations/operation.server.ts";
import {
  mayEditVendors,
  validateVendor,
  VENDOR_FIELD_LABELS,
  VENDOR_FIELD_NAMES,
  VENDOR_MESSAGES,
  type VendorEntityType,
  type VendorInput,
  type VendorTypeValue,
} from "../../rules/vendors/vendor-edit.ts";
import {
  normalizeVendorName,
  trigramSimilarity,
  VENDOR_NAME_MESSAGES,
  vendorNameMatch,
  type VendorNameMatchRow,
  vendorNameVerdict,
} from "../../rules/vendors/vendor-name.ts";

export const VENDOR_ENTITY = "Vendor";
export const VENDOR_CREATE_ACTION = "create";
export const VENDOR_EDIT_ACTION = "edit";

/** How many matches the check lists at most (closest first). */
const MAX_MATCHES = 20;

/**
 * The vendors whose names are the same as `name` or look like it, exact ones first, then by likeness.
 * pg_trgm narrows the candidates (its `%` at its default 0.3, looser than the rule's 0.55) and finds
 * names inside one another; the rule itself (vendorNameMatch) decides, as the browser would.
 */
export async function findVendorNameMatches(
  db: Db | Prisma.TransactionClient,
  name: string,
  exceptVendorId: number | null = null,
): Promise<VendorNameMatchRow[]> {
  const typed = normalizeVendorName(name.trim());
  if (typed === "") return [];
  const rows = await db.$queryRaw<{ id: number; name: string; normalizedName: string }[]>`
    SELECT id, name, "normalizedName" FROM "Vendor"
     WHERE ("normalizedName" % ${typed} OR strpos("normalizedName", ${typed}) > 0
            OR (length("normalizedName") > 0 AND strpos(${typed}, "normalizedName") > 0))
       AND id <> ${exceptVendorId ?? 0}`;
  return rows
    .map((row) => ({ row, match: vendorNameMatch(typed, row.normalizedName) }))
    .filter((found): found is { row: (typeof rows)[number]; match: "exact" | "similar" } => found.match !== null)
    .sort(
      (a, b) =>
        Number(b.match === "exact") - Number(a.match === "exact") ||
        trigramSimilarity(typed, b.row.normalizedName) - trigramSimilarity(typed, a.row.normalizedName) ||
        a.row.name.localeCompare(b.row.name),
    )
    .slice(0, MAX_MATCHES)
    .map(({ row, match }) => ({ VendorID: row.id, Name: row.name, match }));
}

/** A refusal for a name in use (409), with a line per vendor found under the Name field. */
function nameRefusal(matches: readonly VendorNameMatchRow[], message: string): OperationResult {
  return {
    ok: false,
    status: 409,
    message,
    fieldErrors: { Name: matches.map((match) => VENDOR_NAME_MESSAGES.used(match.Name)) },
  };
}

export interface VendorSaveOptions {
  /**
   * The dialog's rule: a similar name needs Confirm (`confirmSimilar`). The JSON API refuses only exact
   * duplicates, as the specification's call does; its clients confirm on their side.
   */
  requireConfirmation: boolean;
  confirmSimilar: boolean;
}

const API_SAVE: VendorSaveOptions = { requireConfirmation: false, confirmSimilar: false };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The columns of a validated vendor. */
function vendorData(vendor: VendorInput) {
  return {
    name: vendor.Name,
    normalizedName: normalizeVendorName(vendor.Name),
    address: vendor.Address,
    address2: vendor.Address2,
    city: vendor.City,
    state: vendor.State,
    zipCode: vendor.ZipCode,
    phone: vendor.Phone,
    mobile: vendor.Mobile,
    email: vendor.Email,
    website: vendor.Website,
    cargoIns: vendor.CargoIns,
    insExp: vendor.InsExp ? new Date(`${vendor.InsExp}T00:00:00Z`) : null,
    federalId: vendor.FederalId,
    entityType: vendor.EntityType === null ? null : vendor.EntityType === "T/E" ? ("TE" as const) : vendor.EntityType,
    vendorType: vendor.VendorType,
    contact: vendor.Contact,
  };
}

type VendorRow = Awaited<ReturnType<typeof readVendorRow>>;

async function readVendorRow(db: Db | Prisma.TransactionClient, id: number) {
  return db.vendor.findUnique({ where: { id } });
}

/** A stored vendor in the API's and the form's names. */
export function vendorInputOf(row: NonNullable<VendorRow>): VendorInput {
  return {
    Name: row.name,
    Address: row.address,
    Address2: row.address2,
    City: row.city,
    State: row.state,
    ZipCode: row.zipCode,
    Phone: row.phone,
    Mobile: row.mobile,
    Email: row.email,
    Website: row.website,
    CargoIns: row.cargoIns,
    InsExp: row.insExp ? row.insExp.toISOString().slice(0, 10) : null,
    FederalId: row.federalId,
    EntityType: row.entityType === null ? null : row.entityType === "TE" ? "T/E" : (row.entityType as VendorEntityType),
    VendorType: row.vendorType as VendorTypeValue,
    Contact: row.contact,
  };
}

/** The audit's changedData: every field that changed (all of them for a new vendor). */
function changesOf(before: VendorInput | null, after: VendorInput): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const name of VENDOR_FIELD_NAMES) {
    const old = before?.[name] ?? null;
    const now = after[name];
    if (before && old === now) continue;
    const label = VENDOR_FIELD_LABELS[name];
    changes[label] = describeChange(label, old === null ? "" : String(old), now === null ? "" : String(now));
  }
  return changes;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Validation and the name check that a create and an edit share; the vendor, or the refusal. */
async function checkedVendor(
  db: Db,
  actor: OperationActor,
  body: unknown,
  exceptVendorId: number | null,
  options: VendorSaveOptions,
): Promise<{ ok: true; vendor: VendorInput } | { ok: false; refusal: OperationResult }> {
  if (!mayEditVendors(actor.permissions)) return { ok: false, refusal: refuse(403, VENDOR_MESSAGES.forbidden) };
  if (!isObject(body)) return { ok: false, refusal: refuse(400, VENDOR_MESSAGES.required) };
  const validation = validateVendor(body);
  if (!validation.ok) {
    const { message, fieldErrors } = validation;
    return { ok: false, refusal: { ok: false, status: 400, message, fieldErrors } };
  }
  const matches = await findVendorNameMatches(db, validation.vendor.Name, exceptVendorId);
  const verdict = vendorNameVerdict(matches);
  if (verdict === "exact") {
    const exact = matches.filter((match) => match.match === "exact");
    return { ok: false, refusal: nameRefusal(exact, VENDOR_NAME_MESSAGES.used(exact[0]!.Name)) };
  }
  if (verdict === "similar" && options.requireConfirmation && !options.confirmSimilar) {
    return { ok: false, refusal: nameRefusal(matches, VENDOR_NAME_MESSAGES.similar) };
  }
  return { ok: true, vendor: validation.vendor };
}

/** The refusal when the database's unique name index stopped a duplicate the check did not see yet. */
async function duplicateAfterRace(db: Db, name: string, exceptVendorId: number | null): Promise<OperationResult> {
  const exact = (await findVendorNameMatches(db, name, exceptVendorId)).filter((match) => match.match === "exact");
  return exact.length > 0
    ? nameRefusal(exact, VENDOR_NAME_MESSAGES.used(exact[0]!.Name))
    : refuse(409, VENDOR_NAME_MESSAGES.used(name));
}

/** POST /api/create-vendor and the dialog's save of a new vendor; announces vendorCreated. */
export async function createVendor(
  db: Db,
  actor: OperationActor,
  body: unknown,
  options: VendorSaveOptions = API_SAVE,
): Promise<OperationResult> {
  const checked = await checkedVendor(db, actor, body, null, options);
  if (!checked.ok) return checked.refusal;
  const { vendor } = checked;
  const auditActor: AuditActor = auditActorOf(actor);
  try {
    const created = await db.$transaction(async (tx) => {
      const row = await tx.vendor.create({ data: vendorData(vendor), select: { id: true } });
      await recordAudit(tx, {
        entityType: VENDOR_ENTITY,
        entityId: row.id,
        action: VENDOR_CREATE_ACTION,
        changedData: changesOf(null, vendor),
        actor: auditActor,
      });
      return row;
    });
    return {
      ok: true,
      lists: [],
      message: VENDOR_MESSAGES.created,
      record: { VendorID: created.id },
      announce: [
        { event: "vendorCreated", payload: { VendorID: created.id, Name: vendor.Name, VendorType: vendor.VendorType } },
      ],
    };
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateAfterRace(db, vendor.Name, null);
    throw error;
  }
}

/** The vendor id of an edit's body (`VendorID`), from JSON or a form. */
function vendorIdOf(body: unknown): number | null {
  if (!isObject(body)) return null;
  const raw = body.VendorID;
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? idFromPath(String(raw)) : null;
  return typeof raw === "string" ? idFromPath(raw.trim()) : null;
}

/** PUT /api/edit-vendor and the dialog's save of an existing vendor: the same rules as a create. */
export async function editVendor(
  db: Db,
  actor: OperationActor,
  body: unknown,
  options: VendorSaveOptions = API_SAVE,
): Promise<OperationResult> {
  if (!mayEditVendors(actor.permissions)) return refuse(403, VENDOR_MESSAGES.forbidden);
  const vendorId = vendorIdOf(body);
  if (vendorId === null) {
    return {
      ok: false,
      status: 400,
      message: VENDOR_MESSAGES.chooseVendor,
      fieldErrors: { VendorID: [VENDOR_MESSAGES.chooseVendor] },
    };
  }
  const before = await readVendorRow(db, vendorId);
  if (!before) return refuse(404, VENDOR_MESSAGES.notFound);
  const checked = await checkedVendor(db, actor, body, vendorId, options);
  if (!checked.ok) return checked.refusal;
  const { vendor } = checked;
  const changes = changesOf(vendorInputOf(before), vendor);
  try {
    await db.$transaction(async (tx) => {
      await tx.vendor.update({ where: { id: vendorId }, data: vendorData(vendor) });
      await recordAudit(tx, {
        entityType: VENDOR_ENTITY,
        entityId: vendorId,
        action: VENDOR_EDIT_ACTION,
        changedData: changes,
        actor: auditActorOf(actor),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateAfterRace(db, vendor.Name, vendorId);
    // Deleted between the read and the write.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      return refuse(404, VENDOR_MESSAGES.notFound);
    }
    throw error;
  }
  // Cards name their units' carriers: a renamed carrier changes every list that shows one.
  const renamed = before.name !== vendor.Name;
  return {
    ok: true,
    lists: renamed ? [...CARD_LISTS] : [],
    message: VENDOR_MESSAGES.saved,
    record: { VendorID: vendorId },
  };
}

/** A vendor's stored fields for the edit dialog and GET /api/vendors/{id}; null when there is none. */
export async function readVendor(db: Db, vendorId: number): Promise<VendorInput | null> {
  const row = await readVendorRow(db, vendorId);
  return row ? vendorInputOf(row) : null;
}
