-- CreateEnum
CREATE TYPE "PermissionGroup" AS ENUM ('STANDARD', 'JOB_SPECIFIC', 'MANAGEMENT', 'REPORTING', 'EXECUTIVE');

-- CreateEnum
CREATE TYPE "UserTheme" AS ENUM ('LIGHT', 'DARK');

-- CreateEnum
CREATE TYPE "VendorEntityType" AS ENUM ('LLC', 'P', 'S', 'SP', 'T/E', 'C');

-- CreateEnum
CREATE TYPE "VendorType" AS ENUM ('TRANSPORTER', 'BODY_SHOP', 'MECHANIC', 'AUCTION', 'OTHER');

-- CreateEnum
CREATE TYPE "TruckType" AS ENUM ('HALF_TON', 'THREE_QUARTER_TON', 'ONE_TON_FLATBED', 'ONE_TON_SERVICE_BODY');

-- CreateEnum
CREATE TYPE "RentalUse" AS ENUM ('Rental', 'Trade');

-- CreateEnum
CREATE TYPE "UnitHistoryType" AS ENUM ('Status', 'Sub-Status', 'Rental Use');

-- CreateEnum
CREATE TYPE "FormKind" AS ENUM ('ORDER', 'OFF_RENT', 'TRADE');

-- CreateEnum
CREATE TYPE "FormSource" AS ENUM ('PUBLIC_FORM', 'STAFF', 'SPLIT');

-- CreateEnum
CREATE TYPE "TransportKind" AS ENUM ('DELIVERY', 'PICKUP');

-- CreateEnum
CREATE TYPE "ContractStatus" AS ENUM ('OPEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('OPEN', 'PAID', 'VOID');

-- CreateEnum
CREATE TYPE "InvoiceKind" AS ENUM ('RENT', 'DAMAGE', 'TRANSPORT', 'OTHER');

-- CreateEnum
CREATE TYPE "ClaimStatus" AS ENUM ('OPEN', 'BILLED', 'PAID', 'CLOSED');

-- CreateEnum
CREATE TYPE "CreditMemoStatus" AS ENUM ('PENDING', 'APPROVED', 'VOID');

-- CreateEnum
CREATE TYPE "DamageReportStatus" AS ENUM ('NEW', 'REVIEWED', 'CLAIMED', 'DISMISSED');

-- CreateTable
CREATE TABLE "Permission" (
    "id" INTEGER NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "label" VARCHAR(120) NOT NULL,
    "group" "PermissionGroup" NOT NULL,

    CONSTRAINT "Permission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Department" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Department_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DepartmentPermission" (
    "departmentId" INTEGER NOT NULL,
    "permissionId" INTEGER NOT NULL,

    CONSTRAINT "DepartmentPermission_pkey" PRIMARY KEY ("departmentId","permissionId")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "passwordHash" TEXT,
    "microsoftAccountId" VARCHAR(64),
    "firstName" VARCHAR(80) NOT NULL,
    "lastName" VARCHAR(80) NOT NULL,
    "theme" "UserTheme" NOT NULL DEFAULT 'LIGHT',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "departmentId" INTEGER,
    "tokensValidAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserPermission" (
    "userId" INTEGER NOT NULL,
    "permissionId" INTEGER NOT NULL,

    CONSTRAINT "UserPermission_pkey" PRIMARY KEY ("userId","permissionId")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SoftwareVariable" (
    "id" SERIAL NOT NULL,
    "group" VARCHAR(40) NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SoftwareVariable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Company" (
    "id" SERIAL NOT NULL,
    "code" CHAR(5) NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "contactName" VARCHAR(120),
    "phone" VARCHAR(25),
    "email" VARCHAR(254),
    "street" VARCHAR(120),
    "city" VARCHAR(80),
    "state" CHAR(2),
    "zip" VARCHAR(5),
    "industry" VARCHAR(80),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vendor" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "normalizedName" VARCHAR(120) NOT NULL,
    "address" VARCHAR(120) NOT NULL,
    "address2" VARCHAR(120),
    "city" VARCHAR(80) NOT NULL,
    "state" CHAR(2) NOT NULL,
    "zipCode" VARCHAR(5) NOT NULL,
    "phone" VARCHAR(25),
    "mobile" VARCHAR(25),
    "email" VARCHAR(254) NOT NULL,
    "website" VARCHAR(200),
    "cargoIns" INTEGER,
    "insExp" DATE,
    "federalId" VARCHAR(20),
    "entityType" "VendorEntityType",
    "vendorType" "VendorType" NOT NULL DEFAULT 'TRANSPORTER',
    "contact" VARCHAR(120),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Vendor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitStatus" (
    "id" INTEGER NOT NULL,
    "name" VARCHAR(40) NOT NULL,
    "lateAfterDays" INTEGER,
    "department" VARCHAR(40),
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "UnitStatus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Unit" (
    "id" SERIAL NOT NULL,
    "unitNumber" VARCHAR(8) NOT NULL,
    "vin" VARCHAR(17) NOT NULL,
    "year" INTEGER NOT NULL,
    "make" VARCHAR(40) NOT NULL,
    "model" VARCHAR(60) NOT NULL,
    "color" VARCHAR(40) NOT NULL,
    "truckType" "TruckType" NOT NULL,
    "odometer" INTEGER NOT NULL,
    "statusId" INTEGER NOT NULL,
    "subStatus" VARCHAR(60),
    "statusChangedAt" TIMESTAMP(3) NOT NULL,
    "overrideLate" BOOLEAN NOT NULL DEFAULT false,
    "overrideReason" VARCHAR(200),
    "truckNotes" TEXT,
    "rentalUse" "RentalUse",
    "locationState" CHAR(2),
    "inFleetDate" DATE NOT NULL,
    "companyId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitHistory" (
    "id" BIGSERIAL NOT NULL,
    "unitId" INTEGER NOT NULL,
    "statType" "UnitHistoryType" NOT NULL,
    "prevVal" VARCHAR(60),
    "newVal" VARCHAR(60),
    "changedOn" TIMESTAMP(3) NOT NULL,
    "changedBy" VARCHAR(120) NOT NULL,
    "changedById" INTEGER,
    "changedFrom" VARCHAR(80) NOT NULL,

    CONSTRAINT "UnitHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FormHistory" (
    "id" SERIAL NOT NULL,
    "kind" "FormKind" NOT NULL,
    "source" "FormSource" NOT NULL DEFAULT 'STAFF',
    "companyId" INTEGER NOT NULL,
    "submitteeName" VARCHAR(120) NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "priorityReason" VARCHAR(64),
    "priorityDeadline" DATE,
    "prioritySetAt" TIMESTAMP(3),
    "confirmedPrepay" BOOLEAN NOT NULL DEFAULT false,
    "approvedAt" TIMESTAMP(3),
    "approvedById" INTEGER,
    "cancelledAt" TIMESTAMP(3),
    "cancelledById" INTEGER,
    "splitFromId" INTEGER,
    "splitNumber" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FormHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderForm" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "onboardingStatus" INTEGER NOT NULL DEFAULT 0,
    "corporateName" VARCHAR(120) NOT NULL,
    "companyCode" CHAR(5) NOT NULL,
    "halfTonCount" INTEGER NOT NULL DEFAULT 0,
    "threeQuarterTonCount" INTEGER NOT NULL DEFAULT 0,
    "oneTonFlatCount" INTEGER NOT NULL DEFAULT 0,
    "oneTonServiceCount" INTEGER NOT NULL DEFAULT 0,
    "trucksRequested" INTEGER NOT NULL,
    "trucksRemaining" INTEGER NOT NULL,
    "expectedRentalLength" VARCHAR(60) NOT NULL,
    "damageWaiverId" INTEGER NOT NULL DEFAULT 1,
    "secondKeyCount" BOOLEAN NOT NULL DEFAULT false,
    "earliestDateAvailable" DATE,
    "dateNeeded" DATE NOT NULL,
    "poNumber" VARCHAR(35),
    "delName" VARCHAR(120) NOT NULL,
    "delPhone" VARCHAR(25) NOT NULL,
    "delAltPhone" VARCHAR(25),
    "delEmail" VARCHAR(254) NOT NULL,
    "delStreetAddress" VARCHAR(120) NOT NULL,
    "delStreetAddress2" VARCHAR(120),
    "delCity" VARCHAR(80) NOT NULL,
    "delState" CHAR(2) NOT NULL,
    "delZip" VARCHAR(5) NOT NULL,
    "billName" VARCHAR(120) NOT NULL,
    "billPhone" VARCHAR(25) NOT NULL,
    "billAltPhone" VARCHAR(25),
    "billEmail" VARCHAR(254) NOT NULL,
    "billStreetAddress" VARCHAR(120) NOT NULL,
    "billStreetAddress2" VARCHAR(120),
    "billCity" VARCHAR(80) NOT NULL,
    "billState" CHAR(2) NOT NULL,
    "billZip" VARCHAR(5) NOT NULL,
    "useStreetAddress" VARCHAR(120) NOT NULL,
    "useStreetAddress2" VARCHAR(120),
    "useCity" VARCHAR(80) NOT NULL,
    "useState" CHAR(2) NOT NULL,
    "useZip" VARCHAR(5) NOT NULL,
    "raName" VARCHAR(120) NOT NULL,
    "raPhone" VARCHAR(25) NOT NULL,
    "raEmail" VARCHAR(254) NOT NULL,
    "raFax" VARCHAR(25),
    "specialInstructions" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OffRentForm" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "tradeFormId" INTEGER,
    "offboardingStatus" INTEGER NOT NULL DEFAULT 0,
    "companyName" VARCHAR(120) NOT NULL,
    "companyCode" CHAR(5) NOT NULL,
    "submittedBy" VARCHAR(120) NOT NULL,
    "pickupDate" DATE NOT NULL,
    "pickupName" VARCHAR(120) NOT NULL,
    "pickupEmail" VARCHAR(254) NOT NULL,
    "pickupPhone" VARCHAR(25) NOT NULL,
    "pickupAltPhone" VARCHAR(25),
    "pickupStreetAddress" VARCHAR(120) NOT NULL,
    "pickupStreetAddress2" VARCHAR(120),
    "pickupCity" VARCHAR(80) NOT NULL,
    "pickupState" CHAR(2) NOT NULL,
    "pickupZip" VARCHAR(5),
    "numTrucksReturning" INTEGER NOT NULL,
    "trucksRemaining" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OffRentForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TradeForm" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "onboardingStatus" INTEGER NOT NULL DEFAULT 0,
    "tradeLink" VARCHAR(40),
    "corporateNameTrade" VARCHAR(120) NOT NULL,
    "companyCode" CHAR(5) NOT NULL,
    "poNumber" VARCHAR(35),
    "halfTonCountTrade" INTEGER NOT NULL DEFAULT 0,
    "threeQuarterTonCountTrade" INTEGER NOT NULL DEFAULT 0,
    "oneTonFlatCountTrade" INTEGER NOT NULL DEFAULT 0,
    "oneTonServiceCountTrade" INTEGER NOT NULL DEFAULT 0,
    "numTrucksReturning" INTEGER NOT NULL,
    "returnTrucksRemaining" INTEGER NOT NULL,
    "newTrucksRemaining" INTEGER NOT NULL,
    "damageWaiverId" INTEGER NOT NULL DEFAULT 1,
    "secondKeyTrade" BOOLEAN NOT NULL DEFAULT false,
    "confirmReturnReady" BOOLEAN NOT NULL DEFAULT false,
    "pickupDate" DATE NOT NULL,
    "dateReadyForPickup" DATE,
    "pickupName" VARCHAR(120) NOT NULL,
    "pickupEmail" VARCHAR(254) NOT NULL,
    "pickupPhone" VARCHAR(25) NOT NULL,
    "pickupAltPhone" VARCHAR(25),
    "pickupStreetAddress" VARCHAR(120) NOT NULL,
    "pickupStreetAddress2" VARCHAR(120),
    "pickupCity" VARCHAR(80) NOT NULL,
    "pickupState" CHAR(2) NOT NULL,
    "pickupZip" VARCHAR(5) NOT NULL,
    "deliveryName" VARCHAR(120),
    "deliveryEmail" VARCHAR(254),
    "deliveryPhone" VARCHAR(25),
    "deliveryAltPhone" VARCHAR(25),
    "deliveryStreetAddress" VARCHAR(120),
    "deliveryStreetAddress2" VARCHAR(120),
    "deliveryCity" VARCHAR(80),
    "deliveryState" CHAR(2),
    "deliveryZip" VARCHAR(5),
    "useStreetAddress" VARCHAR(120) NOT NULL,
    "useStreetAddress2" VARCHAR(120),
    "useCity" VARCHAR(80) NOT NULL,
    "useState" CHAR(2) NOT NULL,
    "useZip" VARCHAR(5) NOT NULL,
    "raName" VARCHAR(120) NOT NULL,
    "raPhone" VARCHAR(25) NOT NULL,
    "raEmail" VARCHAR(254) NOT NULL,
    "raFax" VARCHAR(25),
    "submitteeName" VARCHAR(120) NOT NULL,
    "specialInstructions" TEXT,
    "submitDate" DATE NOT NULL,
    "insuranceType" VARCHAR(60),
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TradeForm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReturningUnit" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "offRentFormId" INTEGER NOT NULL,
    "unitNumber" VARCHAR(8) NOT NULL,
    "unitId" INTEGER,
    "odometer" INTEGER NOT NULL DEFAULT 0,
    "statusId" INTEGER NOT NULL DEFAULT 0,
    "returnedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReturningUnit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Reservation" (
    "id" SERIAL NOT NULL,
    "unitId" INTEGER NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "orderFormId" INTEGER,
    "tradeFormId" INTEGER,
    "splitNumber" INTEGER,
    "reservedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reservedById" INTEGER,

    CONSTRAINT "Reservation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Note" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER,
    "unitId" INTEGER,
    "unitNumber" VARCHAR(8),
    "noteType" VARCHAR(40) NOT NULL,
    "subject" TEXT NOT NULL,
    "authorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "cancelledAt" TIMESTAMP(3),
    "cancelledById" INTEGER,

    CONSTRAINT "Note_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "entityType" VARCHAR(40) NOT NULL,
    "entityId" INTEGER NOT NULL,
    "formHistoryId" INTEGER,
    "action" VARCHAR(40) NOT NULL,
    "changedData" JSONB NOT NULL,
    "userId" INTEGER,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransportJob" (
    "id" SERIAL NOT NULL,
    "formHistoryId" INTEGER NOT NULL,
    "kind" "TransportKind" NOT NULL,
    "unitId" INTEGER,
    "vendorId" INTEGER,
    "assignedAt" TIMESTAMP(3),
    "assignedById" INTEGER,
    "scheduledDate" DATE,
    "completedAt" TIMESTAMP(3),
    "fromCity" VARCHAR(80),
    "fromState" CHAR(2),
    "toCity" VARCHAR(80),
    "toState" CHAR(2),
    "cost" DECIMAL(10,2),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TransportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenContract" (
    "id" SERIAL NOT NULL,
    "contractNumber" VARCHAR(20) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "unitId" INTEGER NOT NULL,
    "formHistoryId" INTEGER,
    "startDate" DATE NOT NULL,
    "endDate" DATE,
    "monthlyRate" DECIMAL(10,2) NOT NULL,
    "billedThrough" DATE,
    "status" "ContractStatus" NOT NULL DEFAULT 'OPEN',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OpenContract_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ArInvoice" (
    "id" SERIAL NOT NULL,
    "invoiceNumber" VARCHAR(20) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "unitId" INTEGER,
    "formHistoryId" INTEGER,
    "kind" "InvoiceKind" NOT NULL DEFAULT 'RENT',
    "invoiceDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "balance" DECIMAL(12,2) NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'OPEN',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ArInvoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Claim" (
    "id" SERIAL NOT NULL,
    "claimNumber" VARCHAR(20) NOT NULL,
    "companyId" INTEGER NOT NULL,
    "unitId" INTEGER NOT NULL,
    "formHistoryId" INTEGER,
    "damageReportId" INTEGER,
    "description" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "status" "ClaimStatus" NOT NULL DEFAULT 'OPEN',
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Claim_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditMemo" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "invoiceClaim" VARCHAR(40) NOT NULL,
    "memoDate" DATE NOT NULL,
    "memoType" VARCHAR(10) NOT NULL DEFAULT 'OP',
    "source" VARCHAR(60) NOT NULL,
    "description" TEXT NOT NULL,
    "notes" TEXT,
    "status" "CreditMemoStatus" NOT NULL DEFAULT 'PENDING',
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "approvedById" INTEGER,
    "approvedAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditMemo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditMemoLine" (
    "id" SERIAL NOT NULL,
    "creditMemoId" INTEGER NOT NULL,
    "relatedInvoice" VARCHAR(40) NOT NULL,
    "unitNumber" VARCHAR(8) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "po" VARCHAR(35),
    "note" TEXT NOT NULL,

    CONSTRAINT "CreditMemoLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditMemoApplication" (
    "id" SERIAL NOT NULL,
    "creditMemoId" INTEGER NOT NULL,
    "invoiceNumber" VARCHAR(40) NOT NULL,
    "invoiceId" INTEGER,
    "appliedDate" DATE NOT NULL,
    "appliedAmount" DECIMAL(12,2) NOT NULL,
    "appliedNote" TEXT NOT NULL,
    "invoiceOverride" BOOLEAN NOT NULL DEFAULT false,
    "appliedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditMemoApplication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuctionListing" (
    "id" SERIAL NOT NULL,
    "unitId" INTEGER,
    "vin" VARCHAR(17) NOT NULL,
    "year" INTEGER NOT NULL,
    "make" VARCHAR(40) NOT NULL,
    "model" VARCHAR(60) NOT NULL,
    "trim" VARCHAR(60),
    "odometer" INTEGER NOT NULL,
    "exteriorColor" VARCHAR(40),
    "interiorColor" VARCHAR(40),
    "buyNowPrice" DECIMAL(10,2),
    "mmrPrice" DECIMAL(10,2),
    "facilitatingAuction" VARCHAR(80),
    "locationCity" VARCHAR(80),
    "locationFullZipcode" VARCHAR(10),
    "pickupLocationState" CHAR(2),
    "sellerName" VARCHAR(120),
    "source" VARCHAR(60),
    "comments" TEXT,
    "listingUrl" VARCHAR(500),
    "listedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "AuctionListing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuctionListingImage" (
    "id" SERIAL NOT NULL,
    "listingId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "smallUrl" VARCHAR(500) NOT NULL,
    "largeUrl" VARCHAR(500) NOT NULL,

    CONSTRAINT "AuctionListingImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DamageReport" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER,
    "companyName" VARCHAR(120) NOT NULL,
    "contactName" VARCHAR(120) NOT NULL,
    "contactEmail" VARCHAR(254) NOT NULL,
    "contactPhone" VARCHAR(25),
    "unitNumber" VARCHAR(8) NOT NULL,
    "unitId" INTEGER,
    "occurredOn" DATE,
    "description" TEXT NOT NULL,
    "status" "DamageReportStatus" NOT NULL DEFAULT 'NEW',
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DamageReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PageVisit" (
    "id" BIGSERIAL NOT NULL,
    "userId" INTEGER,
    "page" VARCHAR(200) NOT NULL,
    "visitedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageVisit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feedback" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER,
    "name" VARCHAR(120) NOT NULL,
    "message" TEXT NOT NULL,
    "url" VARCHAR(500) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Permission_name_key" ON "Permission"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Department_name_key" ON "Department"("name");

-- CreateIndex
CREATE INDEX "DepartmentPermission_permissionId_idx" ON "DepartmentPermission"("permissionId");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_microsoftAccountId_key" ON "User"("microsoftAccountId");

-- CreateIndex
CREATE INDEX "User_departmentId_idx" ON "User"("departmentId");

-- CreateIndex
CREATE INDEX "User_lastName_firstName_idx" ON "User"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "UserPermission_permissionId_idx" ON "UserPermission"("permissionId");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "SoftwareVariable_group_name_key" ON "SoftwareVariable"("group", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Company_code_key" ON "Company"("code");

-- CreateIndex
CREATE INDEX "Company_name_idx" ON "Company"("name");

-- CreateIndex
CREATE INDEX "Vendor_normalizedName_idx" ON "Vendor"("normalizedName");

-- CreateIndex
CREATE INDEX "Vendor_vendorType_name_idx" ON "Vendor"("vendorType", "name");

-- CreateIndex
CREATE UNIQUE INDEX "UnitStatus_name_key" ON "UnitStatus"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Unit_unitNumber_key" ON "Unit"("unitNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Unit_vin_key" ON "Unit"("vin");

-- CreateIndex
CREATE INDEX "Unit_statusId_statusChangedAt_idx" ON "Unit"("statusId", "statusChangedAt");

-- CreateIndex
CREATE INDEX "Unit_truckType_statusId_idx" ON "Unit"("truckType", "statusId");

-- CreateIndex
CREATE INDEX "Unit_companyId_idx" ON "Unit"("companyId");

-- CreateIndex
CREATE INDEX "Unit_locationState_idx" ON "Unit"("locationState");

-- CreateIndex
CREATE INDEX "UnitHistory_unitId_changedOn_idx" ON "UnitHistory"("unitId", "changedOn" DESC);

-- CreateIndex
CREATE INDEX "UnitHistory_changedOn_idx" ON "UnitHistory"("changedOn");

-- CreateIndex
CREATE INDEX "FormHistory_kind_cancelledAt_idx" ON "FormHistory"("kind", "cancelledAt");

-- CreateIndex
CREATE INDEX "FormHistory_companyId_idx" ON "FormHistory"("companyId");

-- CreateIndex
CREATE INDEX "FormHistory_priorityReason_idx" ON "FormHistory"("priorityReason");

-- CreateIndex
CREATE INDEX "FormHistory_splitFromId_idx" ON "FormHistory"("splitFromId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderForm_formHistoryId_key" ON "OrderForm"("formHistoryId");

-- CreateIndex
CREATE INDEX "OrderForm_onboardingStatus_idx" ON "OrderForm"("onboardingStatus");

-- CreateIndex
CREATE INDEX "OrderForm_dateNeeded_idx" ON "OrderForm"("dateNeeded");

-- CreateIndex
CREATE UNIQUE INDEX "OffRentForm_formHistoryId_key" ON "OffRentForm"("formHistoryId");

-- CreateIndex
CREATE UNIQUE INDEX "OffRentForm_tradeFormId_key" ON "OffRentForm"("tradeFormId");

-- CreateIndex
CREATE INDEX "OffRentForm_offboardingStatus_idx" ON "OffRentForm"("offboardingStatus");

-- CreateIndex
CREATE INDEX "OffRentForm_pickupDate_idx" ON "OffRentForm"("pickupDate");

-- CreateIndex
CREATE UNIQUE INDEX "TradeForm_formHistoryId_key" ON "TradeForm"("formHistoryId");

-- CreateIndex
CREATE INDEX "TradeForm_onboardingStatus_idx" ON "TradeForm"("onboardingStatus");

-- CreateIndex
CREATE INDEX "TradeForm_tradeLink_idx" ON "TradeForm"("tradeLink");

-- CreateIndex
CREATE INDEX "ReturningUnit_formHistoryId_idx" ON "ReturningUnit"("formHistoryId");

-- CreateIndex
CREATE INDEX "ReturningUnit_offRentFormId_idx" ON "ReturningUnit"("offRentFormId");

-- CreateIndex
CREATE INDEX "ReturningUnit_unitNumber_idx" ON "ReturningUnit"("unitNumber");

-- CreateIndex
CREATE INDEX "ReturningUnit_unitId_idx" ON "ReturningUnit"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "Reservation_unitId_key" ON "Reservation"("unitId");

-- CreateIndex
CREATE INDEX "Reservation_formHistoryId_idx" ON "Reservation"("formHistoryId");

-- CreateIndex
CREATE INDEX "Note_formHistoryId_createdAt_idx" ON "Note"("formHistoryId", "createdAt");

-- CreateIndex
CREATE INDEX "Note_unitNumber_createdAt_idx" ON "Note"("unitNumber", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_entityType_entityId_changedAt_idx" ON "AuditLog"("entityType", "entityId", "changedAt" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_formHistoryId_changedAt_idx" ON "AuditLog"("formHistoryId", "changedAt" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_userId_changedAt_idx" ON "AuditLog"("userId", "changedAt");

-- CreateIndex
CREATE INDEX "TransportJob_formHistoryId_kind_idx" ON "TransportJob"("formHistoryId", "kind");

-- CreateIndex
CREATE INDEX "TransportJob_vendorId_idx" ON "TransportJob"("vendorId");

-- CreateIndex
CREATE INDEX "TransportJob_completedAt_scheduledDate_idx" ON "TransportJob"("completedAt", "scheduledDate");

-- CreateIndex
CREATE INDEX "TransportJob_unitId_idx" ON "TransportJob"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "OpenContract_contractNumber_key" ON "OpenContract"("contractNumber");

-- CreateIndex
CREATE INDEX "OpenContract_status_companyId_idx" ON "OpenContract"("status", "companyId");

-- CreateIndex
CREATE INDEX "OpenContract_unitId_idx" ON "OpenContract"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "ArInvoice_invoiceNumber_key" ON "ArInvoice"("invoiceNumber");

-- CreateIndex
CREATE INDEX "ArInvoice_companyId_status_idx" ON "ArInvoice"("companyId", "status");

-- CreateIndex
CREATE INDEX "ArInvoice_invoiceDate_idx" ON "ArInvoice"("invoiceDate");

-- CreateIndex
CREATE UNIQUE INDEX "Claim_claimNumber_key" ON "Claim"("claimNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Claim_damageReportId_key" ON "Claim"("damageReportId");

-- CreateIndex
CREATE INDEX "Claim_status_openedAt_idx" ON "Claim"("status", "openedAt");

-- CreateIndex
CREATE INDEX "Claim_companyId_idx" ON "Claim"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "CreditMemo_invoiceClaim_key" ON "CreditMemo"("invoiceClaim");

-- CreateIndex
CREATE INDEX "CreditMemo_companyId_status_idx" ON "CreditMemo"("companyId", "status");

-- CreateIndex
CREATE INDEX "CreditMemo_memoDate_idx" ON "CreditMemo"("memoDate");

-- CreateIndex
CREATE INDEX "CreditMemoLine_creditMemoId_idx" ON "CreditMemoLine"("creditMemoId");

-- CreateIndex
CREATE INDEX "CreditMemoApplication_creditMemoId_idx" ON "CreditMemoApplication"("creditMemoId");

-- CreateIndex
CREATE INDEX "CreditMemoApplication_invoiceNumber_idx" ON "CreditMemoApplication"("invoiceNumber");

-- CreateIndex
CREATE INDEX "AuctionListing_vin_idx" ON "AuctionListing"("vin");

-- CreateIndex
CREATE INDEX "AuctionListing_unitId_idx" ON "AuctionListing"("unitId");

-- CreateIndex
CREATE INDEX "AuctionListing_listedAt_idx" ON "AuctionListing"("listedAt");

-- CreateIndex
CREATE INDEX "AuctionListingImage_listingId_position_idx" ON "AuctionListingImage"("listingId", "position");

-- CreateIndex
CREATE INDEX "DamageReport_status_submittedAt_idx" ON "DamageReport"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "DamageReport_unitNumber_idx" ON "DamageReport"("unitNumber");

-- CreateIndex
CREATE INDEX "PageVisit_page_visitedAt_idx" ON "PageVisit"("page", "visitedAt");

-- CreateIndex
CREATE INDEX "PageVisit_userId_visitedAt_idx" ON "PageVisit"("userId", "visitedAt");

-- CreateIndex
CREATE INDEX "Feedback_createdAt_idx" ON "Feedback"("createdAt");

-- AddForeignKey
ALTER TABLE "DepartmentPermission" ADD CONSTRAINT "DepartmentPermission_departmentId_fkey" FOREIGN KEY ("departmentId") REFERENCES "Department"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DepartmentPermission" ADD CONSTRAINT "DepartmentPermission_permissionId_fkey" FOREIGN KEY ("permissionId") REFERENCES "Permission"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_departmentId_fkey" FOREIGN KEY ("departmentId") REFERENCES "Department"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPermission" ADD CONSTRAINT "UserPermission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserPermission" ADD CONSTRAINT "UserPermission_permissionId_fkey" FOREIGN KEY ("permissionId") REFERENCES "Permission"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "UnitStatus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitHistory" ADD CONSTRAINT "UnitHistory_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitHistory" ADD CONSTRAINT "UnitHistory_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormHistory" ADD CONSTRAINT "FormHistory_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormHistory" ADD CONSTRAINT "FormHistory_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormHistory" ADD CONSTRAINT "FormHistory_cancelledById_fkey" FOREIGN KEY ("cancelledById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FormHistory" ADD CONSTRAINT "FormHistory_splitFromId_fkey" FOREIGN KEY ("splitFromId") REFERENCES "FormHistory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_tradeFormId_fkey" FOREIGN KEY ("tradeFormId") REFERENCES "TradeForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturningUnit" ADD CONSTRAINT "ReturningUnit_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturningUnit" ADD CONSTRAINT "ReturningUnit_offRentFormId_fkey" FOREIGN KEY ("offRentFormId") REFERENCES "OffRentForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturningUnit" ADD CONSTRAINT "ReturningUnit_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_orderFormId_fkey" FOREIGN KEY ("orderFormId") REFERENCES "OrderForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_tradeFormId_fkey" FOREIGN KEY ("tradeFormId") REFERENCES "TradeForm"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_reservedById_fkey" FOREIGN KEY ("reservedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_cancelledById_fkey" FOREIGN KEY ("cancelledById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportJob" ADD CONSTRAINT "TransportJob_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportJob" ADD CONSTRAINT "TransportJob_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportJob" ADD CONSTRAINT "TransportJob_vendorId_fkey" FOREIGN KEY ("vendorId") REFERENCES "Vendor"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransportJob" ADD CONSTRAINT "TransportJob_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenContract" ADD CONSTRAINT "OpenContract_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenContract" ADD CONSTRAINT "OpenContract_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenContract" ADD CONSTRAINT "OpenContract_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArInvoice" ADD CONSTRAINT "ArInvoice_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArInvoice" ADD CONSTRAINT "ArInvoice_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ArInvoice" ADD CONSTRAINT "ArInvoice_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_damageReportId_fkey" FOREIGN KEY ("damageReportId") REFERENCES "DamageReport"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemoLine" ADD CONSTRAINT "CreditMemoLine_creditMemoId_fkey" FOREIGN KEY ("creditMemoId") REFERENCES "CreditMemo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemoApplication" ADD CONSTRAINT "CreditMemoApplication_creditMemoId_fkey" FOREIGN KEY ("creditMemoId") REFERENCES "CreditMemo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemoApplication" ADD CONSTRAINT "CreditMemoApplication_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "ArInvoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditMemoApplication" ADD CONSTRAINT "CreditMemoApplication_appliedById_fkey" FOREIGN KEY ("appliedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuctionListing" ADD CONSTRAINT "AuctionListing_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuctionListingImage" ADD CONSTRAINT "AuctionListingImage_listingId_fkey" FOREIGN KEY ("listingId") REFERENCES "AuctionListing"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageReport" ADD CONSTRAINT "DamageReport_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DamageReport" ADD CONSTRAINT "DamageReport_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageVisit" ADD CONSTRAINT "PageVisit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ───────── Checks that Prisma's schema language cannot express (kept in sync with docs/data-model.md) ─────────
ALTER TABLE "User" ADD CONSTRAINT "User_email_lowercase" CHECK ("email" = lower("email") AND position('@' in "email") > 1);
ALTER TABLE "Company" ADD CONSTRAINT "Company_code_five_digits" CHECK ("code" ~ '^[0-9]{5}$');
ALTER TABLE "Vendor" ADD CONSTRAINT "Vendor_cargoIns_not_negative" CHECK ("cargoIns" IS NULL OR "cargoIns" >= 0);
ALTER TABLE "Vendor" ADD CONSTRAINT "Vendor_zip_five_digits" CHECK ("zipCode" ~ '^[0-9]{5}$');
ALTER TABLE "UnitStatus" ADD CONSTRAINT "UnitStatus_lateAfterDays_positive" CHECK ("lateAfterDays" IS NULL OR "lateAfterDays" > 0);
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_unitNumber_format" CHECK ("unitNumber" ~ '^[A-Z0-9-]{1,8}$');
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_odometer_nine_digits" CHECK ("odometer" BETWEEN 0 AND 999999999);
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_year_plausible" CHECK ("year" BETWEEN 1980 AND 2100);
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_override_needs_reason" CHECK (NOT "overrideLate" OR "overrideReason" IS NOT NULL);
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_counts_three_digits" CHECK (
  "halfTonCount" BETWEEN 0 AND 999 AND "threeQuarterTonCount" BETWEEN 0 AND 999 AND
  "oneTonFlatCount" BETWEEN 0 AND 999 AND "oneTonServiceCount" BETWEEN 0 AND 999);
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_requested_is_sum" CHECK (
  "trucksRequested" = "halfTonCount" + "threeQuarterTonCount" + "oneTonFlatCount" + "oneTonServiceCount");
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_remaining_in_range" CHECK ("trucksRemaining" BETWEEN 0 AND "trucksRequested");
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_onboardingStatus_known" CHECK ("onboardingStatus" BETWEEN 0 AND 3);
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_companyCode_five_digits" CHECK ("companyCode" ~ '^[0-9]{5}$');
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_offboardingStatus_known" CHECK ("offboardingStatus" BETWEEN 0 AND 3);
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_remaining_in_range" CHECK ("trucksRemaining" BETWEEN 0 AND "numTrucksReturning");
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_companyCode_five_digits" CHECK ("companyCode" ~ '^[0-9]{5}$');
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_counts_three_digits" CHECK (
  "halfTonCountTrade" BETWEEN 0 AND 999 AND "threeQuarterTonCountTrade" BETWEEN 0 AND 999 AND
  "oneTonFlatCountTrade" BETWEEN 0 AND 999 AND "oneTonServiceCountTrade" BETWEEN 0 AND 999);
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_remaining_in_range" CHECK (
  "returnTrucksRemaining" BETWEEN 0 AND "numTrucksReturning" AND "newTrucksRemaining" >= 0);
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_onboardingStatus_known" CHECK ("onboardingStatus" BETWEEN 0 AND 3);
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_companyCode_five_digits" CHECK ("companyCode" ~ '^[0-9]{5}$');
ALTER TABLE "ReturningUnit" ADD CONSTRAINT "ReturningUnit_odometer_nine_digits" CHECK ("odometer" BETWEEN 0 AND 999999999);
ALTER TABLE "ReturningUnit" ADD CONSTRAINT "ReturningUnit_status_known" CHECK ("statusId" IN (0, 5, 6, 7));
ALTER TABLE "Reservation" ADD CONSTRAINT "Reservation_for_order_or_trade" CHECK (("orderFormId" IS NULL) <> ("tradeFormId" IS NULL));
ALTER TABLE "Note" ADD CONSTRAINT "Note_subject_not_blank" CHECK (length(btrim("subject")) > 0);
ALTER TABLE "Note" ADD CONSTRAINT "Note_on_order_or_unit" CHECK ("formHistoryId" IS NOT NULL OR "unitNumber" IS NOT NULL);
ALTER TABLE "FormHistory" ADD CONSTRAINT "FormHistory_split_number_positive" CHECK ("splitNumber" IS NULL OR "splitNumber" >= 1);
ALTER TABLE "TransportJob" ADD CONSTRAINT "TransportJob_assignment_consistent" CHECK (("vendorId" IS NULL) = ("assignedAt" IS NULL));
ALTER TABLE "ArInvoice" ADD CONSTRAINT "ArInvoice_balance_in_range" CHECK ("balance" >= 0 AND "balance" <= "amount");
ALTER TABLE "Claim" ADD CONSTRAINT "Claim_amount_not_negative" CHECK ("amount" >= 0);
ALTER TABLE "OpenContract" ADD CONSTRAINT "OpenContract_dates_ordered" CHECK ("endDate" IS NULL OR "endDate" >= "startDate");
ALTER TABLE "CreditMemoLine" ADD CONSTRAINT "CreditMemoLine_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "CreditMemoApplication" ADD CONSTRAINT "CreditMemoApplication_amount_minimum" CHECK ("appliedAmount" >= 0.01);
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_version_positive" CHECK ("version" >= 1);
ALTER TABLE "OrderForm" ADD CONSTRAINT "OrderForm_version_positive" CHECK ("version" >= 1);
ALTER TABLE "OffRentForm" ADD CONSTRAINT "OffRentForm_version_positive" CHECK ("version" >= 1);
ALTER TABLE "TradeForm" ADD CONSTRAINT "TradeForm_version_positive" CHECK ("version" >= 1);

-- Case-insensitive company-name prefix search on the boards (filter query parameter).
CREATE INDEX "Company_name_lower_idx" ON "Company" (lower("name") text_pattern_ops);
