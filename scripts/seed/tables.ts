// The columns the seed writes for each table, with the PostgreSQL type of their unnest() array.
// Ids are written explicitly (the seed knows every foreign key before inserting) and the serial
// sequences are moved past them afterwards. Order = insertion order (parents before children).
import type { TableShape } from "./bulk-insert.ts";

const shape = (table: string, columns: TableShape["columns"]): TableShape => ({ table, columns });

export const TABLES = {
  Permission: shape("Permission", [["id", "int4"], ["name", "text"], ["label", "text"], ["group", '"PermissionGroup"']]),
  UnitStatus: shape("UnitStatus", [
    ["id", "int4"], ["name", "text"], ["lateAfterDays", "int4"], ["department", "text"], ["sortOrder", "int4"],
  ]),
  Department: shape("Department", [["id", "int4"], ["name", "text"], ["createdAt", "timestamp"], ["updatedAt", "timestamp"]]),
  DepartmentPermission: shape("DepartmentPermission", [["departmentId", "int4"], ["permissionId", "int4"]]),
  User: shape("User", [
    ["id", "int4"], ["email", "text"], ["passwordHash", "text"], ["firstName", "text"], ["lastName", "text"],
    ["theme", '"UserTheme"'], ["active", "bool"], ["departmentId", "int4"], ["tokensValidAfter", "timestamp"],
    ["createdAt", "timestamp"], ["updatedAt", "timestamp"],
  ]),
  SoftwareVariable: shape("SoftwareVariable", [
    ["id", "int4"], ["group", "text"], ["name", "text"], ["value", "text"], ["updatedAt", "timestamp"],
  ]),
  Company: shape("Company", [
    ["id", "int4"], ["code", "text"], ["name", "text"], ["contactName", "text"], ["phone", "text"], ["email", "text"],
    ["street", "text"], ["city", "text"], ["state", "text"], ["zip", "text"], ["industry", "text"],
    ["createdAt", "timestamp"], ["updatedAt", "timestamp"],
  ]),
  Vendor: shape("Vendor", [
    ["id", "int4"], ["name", "text"], ["normalizedName", "text"], ["address", "text"], ["address2", "text"],
    ["city", "text"], ["state", "text"], ["zipCode", "text"], ["phone", "text"], ["mobile", "text"], ["email", "text"],
    ["website", "text"], ["cargoIns", "int4"], ["insExp", "date"], ["federalId", "text"],
    ["entityType", '"VendorEntityType"'], ["vendorType", '"VendorType"'], ["contact", "text"], ["createdAt", "timestamp"],
  ]),
  Unit: shape("Unit", [
    ["id", "int4"], ["unitNumber", "text"], ["vin", "text"], ["year", "int4"], ["make", "text"], ["model", "text"],
    ["color", "text"], ["truckType", '"TruckType"'], ["odometer", "int4"], ["statusId", "int4"], ["subStatus", "text"],
    ["statusChangedAt", "timestamp"], ["overrideLate", "bool"], ["overrideReason", "text"], ["truckNotes", "text"],
    ["rentalUse", '"RentalUse"'], ["locationState", "text"], ["inFleetDate", "date"], ["companyId", "int4"],
    ["createdAt", "timestamp"], ["updatedAt", "timestamp"],
  ]),
  UnitHistory: shape("UnitHistory", [
    ["id", "int8"], ["unitId", "int4"], ["statType", '"UnitHistoryType"'], ["prevVal", "text"], ["newVal", "text"],
    ["changedOn", "timestamp"], ["changedBy", "text"], ["changedById", "int4"], ["changedFrom", "text"],
  ]),
  FormHistory: shape("FormHistory", [
    ["id", "int4"], ["kind", '"FormKind"'], ["source", '"FormSource"'], ["companyId", "int4"], ["submitteeName", "text"],
    ["submittedAt", "timestamp"], ["priorityReason", "text"], ["priorityDeadline", "date"], ["prioritySetAt", "timestamp"],
    ["confirmedPrepay", "bool"], ["approvedAt", "timestamp"], ["approvedById", "int4"], ["cancelledAt", "timestamp"],
    ["cancelledById", "int4"], ["splitFromId", "int4"], ["splitNumber", "int4"], ["createdAt", "timestamp"],
    ["updatedAt", "timestamp"],
  ]),
  OrderForm: shape("OrderForm", [
    ["id", "int4"], ["formHistoryId", "int4"], ["onboardingStatus", "int4"], ["corporateName", "text"],
    ["companyCode", "text"], ["halfTonCount", "int4"], ["threeQuarterTonCount", "int4"], ["oneTonFlatCount", "int4"],
    ["oneTonServiceCount", "int4"], ["trucksRequested", "int4"], ["trucksRemaining", "int4"],
    ["expectedRentalLength", "text"], ["damageWaiverId", "int4"], ["secondKeyCount", "bool"],
    ["earliestDateAvailable", "date"], ["dateNeeded", "date"], ["poNumber", "text"],
    ["delName", "text"], ["delPhone", "text"], ["delAltPhone", "text"], ["delEmail", "text"], ["delStreetAddress", "text"],
    ["delStreetAddress2", "text"], ["delCity", "text"], ["delState", "text"], ["delZip", "text"],
    ["billName", "text"], ["billPhone", "text"], ["billAltPhone", "text"], ["billEmail", "text"],
    ["billStreetAddress", "text"], ["billStreetAddress2", "text"], ["billCity", "text"], ["billState", "text"],
    ["billZip", "text"], ["useStreetAddress", "text"], ["useStreetAddress2", "text"], ["useCity", "text"],
    ["useState", "text"], ["useZip", "text"], ["raName", "text"], ["raPhone", "text"], ["raEmail", "text"],
    ["raFax", "text"], ["specialInstructions", "text"], ["version", "int4"], ["updatedAt", "timestamp"],
  ]),
  TradeForm: shape("TradeForm", [
    ["id", "int4"], ["formHistoryId", "int4"], ["onboardingStatus", "int4"], ["tradeLink", "text"],
    ["corporateNameTrade", "text"], ["companyCode", "text"], ["poNumber", "text"], ["halfTonCountTrade", "int4"],
    ["threeQuarterTonCountTrade", "int4"], ["oneTonFlatCountTrade", "int4"], ["oneTonServiceCountTrade", "int4"],
    ["numTrucksReturning", "int4"], ["returnTrucksRemaining", "int4"], ["newTrucksRemaining", "int4"],
    ["damageWaiverId", "int4"], ["secondKeyTrade", "bool"], ["confirmReturnReady", "bool"], ["pickupDate", "date"],
    ["dateReadyForPickup", "date"], ["pickupName", "text"], ["pickupEmail", "text"], ["pickupPhone", "text"],
    ["pickupAltPhone", "text"], ["pickupStreetAddress", "text"], ["pickupStreetAddress2", "text"], ["pickupCity", "text"],
    ["pickupState", "text"], ["pickupZip", "text"], ["deliveryName", "text"], ["deliveryEmail", "text"],
    ["deliveryPhone", "text"], ["deliveryAltPhone", "text"], ["deliveryStreetAddress", "text"],
    ["deliveryStreetAddress2", "text"], ["deliveryCity", "text"], ["deliveryState", "text"], ["deliveryZip", "text"],
    ["useStreetAddress", "text"], ["useStreetAddress2", "text"], ["useCity", "text"], ["useState", "text"],
    ["useZip", "text"], ["raName", "text"], ["raPhone", "text"], ["raEmail", "text"], ["raFax", "text"],
    ["submitteeName", "text"], ["specialInstructions", "text"], ["submitDate", "date"], ["insuranceType", "text"],
    ["version", "int4"], ["updatedAt", "timestamp"],
  ]),
  OffRentForm: shape("OffRentForm", [
    ["id", "int4"], ["formHistoryId", "int4"], ["tradeFormId", "int4"], ["offboardingStatus", "int4"],
    ["companyName", "text"], ["companyCode", "text"], ["submittedBy", "text"], ["pickupDate", "date"],
    ["pickupName", "text"], ["pickupEmail", "text"], ["pickupPhone", "text"], ["pickupAltPhone", "text"],
    ["pickupStreetAddress", "text"], ["pickupStreetAddress2", "text"], ["pickupCity", "text"], ["pickupState", "text"],
    ["pickupZip", "text"], ["numTrucksReturning", "int4"], ["trucksRemaining", "int4"], ["version", "int4"],
    ["updatedAt", "timestamp"],
  ]),
  ReturningUnit: shape("ReturningUnit", [
    ["id", "int4"], ["formHistoryId", "int4"], ["offRentFormId", "int4"], ["unitNumber", "text"], ["unitId", "int4"],
    ["odometer", "int4"], ["statusId", "int4"], ["returnedAt", "timestamp"], ["createdAt", "timestamp"],
  ]),
  Reservation: shape("Reservation", [
    ["id", "int4"], ["unitId", "int4"], ["formHistoryId", "int4"], ["orderFormId", "int4"], ["tradeFormId", "int4"],
    ["splitNumber", "int4"], ["reservedAt", "timestamp"], ["reservedById", "int4"],
  ]),
  TransportJob: shape("TransportJob", [
    ["id", "int4"], ["formHistoryId", "int4"], ["kind", '"TransportKind"'], ["unitId", "int4"], ["vendorId", "int4"],
    ["assignedAt", "timestamp"], ["assignedById", "int4"], ["scheduledDate", "date"], ["completedAt", "timestamp"],
    ["fromCity", "text"], ["fromState", "text"], ["toCity", "text"], ["toState", "text"], ["cost", "numeric"],
    ["createdAt", "timestamp"],
  ]),
  OpenContract: shape("OpenContract", [
    ["id", "int4"], ["contractNumber", "text"], ["companyId", "int4"], ["unitId", "int4"], ["formHistoryId", "int4"],
    ["startDate", "date"], ["endDate", "date"], ["monthlyRate", "numeric"], ["billedThrough", "date"],
    ["status", '"ContractStatus"'], ["createdAt", "timestamp"],
  ]),
  DamageReport: shape("DamageReport", [
    ["id", "int4"], ["companyId", "int4"], ["companyName", "text"], ["contactName", "text"], ["contactEmail", "text"],
    ["contactPhone", "text"], ["unitNumber", "text"], ["unitId", "int4"], ["occurredOn", "date"], ["description", "text"],
    ["status", '"DamageReportStatus"'], ["submittedAt", "timestamp"],
  ]),
  Claim: shape("Claim", [
    ["id", "int4"], ["claimNumber", "text"], ["companyId", "int4"], ["unitId", "int4"], ["formHistoryId", "int4"],
    ["damageReportId", "int4"], ["description", "text"], ["amount", "numeric"], ["status", '"ClaimStatus"'],
    ["openedAt", "timestamp"], ["closedAt", "timestamp"],
  ]),
  ArInvoice: shape("ArInvoice", [
    ["id", "int4"], ["invoiceNumber", "text"], ["companyId", "int4"], ["unitId", "int4"], ["formHistoryId", "int4"],
    ["kind", '"InvoiceKind"'], ["invoiceDate", "date"], ["dueDate", "date"], ["amount", "numeric"], ["balance", "numeric"],
    ["status", '"InvoiceStatus"'], ["createdAt", "timestamp"],
  ]),
  CreditMemo: shape("CreditMemo", [
    ["id", "int4"], ["companyId", "int4"], ["invoiceClaim", "text"], ["memoDate", "date"], ["memoType", "text"],
    ["source", "text"], ["description", "text"], ["notes", "text"], ["status", '"CreditMemoStatus"'],
    ["createdById", "int4"], ["createdAt", "timestamp"], ["approvedById", "int4"], ["approvedAt", "timestamp"],
    ["version", "int4"], ["updatedAt", "timestamp"],
  ]),
  CreditMemoLine: shape("CreditMemoLine", [
    ["id", "int4"], ["creditMemoId", "int4"], ["relatedInvoice", "text"], ["unitNumber", "text"], ["amount", "numeric"],
    ["po", "text"], ["note", "text"],
  ]),
  CreditMemoApplication: shape("CreditMemoApplication", [
    ["id", "int4"], ["creditMemoId", "int4"], ["invoiceNumber", "text"], ["invoiceId", "int4"], ["appliedDate", "date"],
    ["appliedAmount", "numeric"], ["appliedNote", "text"], ["invoiceOverride", "bool"], ["appliedById", "int4"],
    ["createdAt", "timestamp"],
  ]),
  Note: shape("Note", [
    ["id", "int4"], ["formHistoryId", "int4"], ["unitId", "int4"], ["unitNumber", "text"], ["noteType", "text"],
    ["subject", "text"], ["authorId", "int4"], ["createdAt", "timestamp"], ["cancelled", "bool"],
    ["cancelledAt", "timestamp"], ["cancelledById", "int4"],
  ]),
  AuditLog: shape("AuditLog", [
    ["id", "int8"], ["entityType", "text"], ["entityId", "int4"], ["formHistoryId", "int4"], ["action", "text"],
    ["changedData", "jsonb"], ["userId", "int4"], ["changedAt", "timestamp"],
  ]),
  AuctionListing: shape("AuctionListing", [
    ["id", "int4"], ["unitId", "int4"], ["vin", "text"], ["year", "int4"], ["make", "text"], ["model", "text"],
    ["trim", "text"], ["odometer", "int4"], ["exteriorColor", "text"], ["interiorColor", "text"],
    ["buyNowPrice", "numeric"], ["mmrPrice", "numeric"], ["facilitatingAuction", "text"], ["locationCity", "text"],
    ["locationFullZipcode", "text"], ["pickupLocationState", "text"], ["sellerName", "text"], ["source", "text"],
    ["comments", "text"], ["listingUrl", "text"], ["listedAt", "timestamp"], ["endedAt", "timestamp"],
  ]),
  AuctionListingImage: shape("AuctionListingImage", [
    ["id", "int4"], ["listingId", "int4"], ["position", "int4"], ["smallUrl", "text"], ["largeUrl", "text"],
  ]),
  PageVisit: shape("PageVisit", [["id", "int8"], ["userId", "int4"], ["page", "text"], ["visitedAt", "timestamp"], ["createdAt", "timestamp"]]),
  Feedback: shape("Feedback", [
    ["id", "int4"], ["userId", "int4"], ["name", "text"], ["message", "text"], ["url", "text"], ["createdAt", "timestamp"],
  ]),
} as const satisfies Record<string, TableShape>;

export type TableName = keyof typeof TABLES;

/** Tables whose id is a serial/bigserial the seed writes explicitly (sequences are reset after). */
export const SERIAL_TABLES: readonly TableName[] = [
  "Department", "User", "SoftwareVariable", "Company", "Vendor", "Unit", "UnitHistory", "FormHistory", "OrderForm",
  "TradeForm", "OffRentForm", "ReturningUnit", "Reservation", "TransportJob", "OpenContract", "DamageReport", "Claim",
  "ArInvoice", "CreditMemo", "CreditMemoLine", "CreditMemoApplication", "Note", "AuditLog", "AuctionListing",
  "AuctionListingImage", "PageVisit", "Feedback",
];

/** Tables that must be empty before seeding (the two catalogues are upserted instead). */
export const DATA_TABLES: readonly TableName[] = (Object.keys(TABLES) as TableName[]).filter(
  (table) => table !== "Permission" && table !== "UnitStatus",
);
