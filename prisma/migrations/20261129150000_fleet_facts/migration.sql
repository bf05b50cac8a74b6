-- The facts the fleet reports read (ADR 059): a daily fleet snapshot, odometer readings with their source,
-- locations, registration, and industries as a maintained list in place of Company's free text.
-- CreateEnum
CREATE TYPE "LocationKind" AS ENUM ('LOT', 'AUCTION', 'BODY_SHOP', 'UPFITTER');

-- CreateEnum
CREATE TYPE "OdometerSource" AS ENUM ('DELIVERY', 'RETURN', 'INSPECTION', 'TRANSPORT', 'AUCTION', 'MANUAL');

-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "industryId" INTEGER;

-- AlterTable
ALTER TABLE "Unit" ADD COLUMN     "locationId" INTEGER,
ADD COLUMN     "registrationExpiry" DATE,
ADD COLUMN     "registrationState" CHAR(2);

-- CreateTable
CREATE TABLE "Industry" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(80) NOT NULL,

    CONSTRAINT "Industry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Location" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "kind" "LocationKind" NOT NULL,
    "city" VARCHAR(80) NOT NULL,
    "state" CHAR(2) NOT NULL,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OdometerReading" (
    "id" SERIAL NOT NULL,
    "unitId" INTEGER NOT NULL,
    "reading" INTEGER NOT NULL,
    "source" "OdometerSource" NOT NULL,
    "readAt" TIMESTAMPTZ(3) NOT NULL,
    "recordedById" INTEGER,
    "formHistoryId" INTEGER,

    CONSTRAINT "OdometerReading_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FleetSnapshot" (
    "day" DATE NOT NULL,
    "statusId" INTEGER NOT NULL,
    "truckType" "TruckType" NOT NULL,
    "state" VARCHAR(2) NOT NULL,
    "rentalUse" VARCHAR(10) NOT NULL,
    "units" INTEGER NOT NULL,

    CONSTRAINT "FleetSnapshot_pkey" PRIMARY KEY ("day","statusId","truckType","state","rentalUse")
);

-- CreateIndex
CREATE UNIQUE INDEX "Industry_name_key" ON "Industry"("name");

-- The free-text industries become rows of the list (one per spelling, trimmed), each company linked to its own.
INSERT INTO "Industry" ("name")
SELECT DISTINCT btrim("industry") FROM "Company" WHERE btrim(coalesce("industry", '')) <> '' ORDER BY 1;
UPDATE "Company" c SET "industryId" = i."id" FROM "Industry" i WHERE i."name" = btrim(c."industry");
ALTER TABLE "Company" DROP COLUMN "industry";

-- CreateIndex
CREATE UNIQUE INDEX "Location_name_key" ON "Location"("name");

-- CreateIndex
CREATE INDEX "OdometerReading_unitId_readAt_idx" ON "OdometerReading"("unitId", "readAt");

-- CreateIndex
CREATE INDEX "OdometerReading_formHistoryId_idx" ON "OdometerReading"("formHistoryId");

-- CreateIndex
CREATE INDEX "Company_industryId_idx" ON "Company"("industryId");

-- CreateIndex
CREATE INDEX "Unit_locationId_idx" ON "Unit"("locationId");

-- CreateIndex
CREATE INDEX "Unit_registrationExpiry_idx" ON "Unit"("registrationExpiry");

-- AddForeignKey
ALTER TABLE "Company" ADD CONSTRAINT "Company_industryId_fkey" FOREIGN KEY ("industryId") REFERENCES "Industry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_formHistoryId_fkey" FOREIGN KEY ("formHistoryId") REFERENCES "FormHistory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FleetSnapshot" ADD CONSTRAINT "FleetSnapshot_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "UnitStatus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Checks Prisma's schema language cannot express (docs/data-model.md).
ALTER TABLE "Industry" ADD CONSTRAINT "Industry_name_not_blank" CHECK (btrim("name") <> '');
ALTER TABLE "Location" ADD CONSTRAINT "Location_state_two_letters" CHECK ("state" ~ '^[A-Z]{2}$');
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_registrationState_two_letters" CHECK ("registrationState" IS NULL OR "registrationState" ~ '^[A-Z]{2}$');
ALTER TABLE "OdometerReading" ADD CONSTRAINT "OdometerReading_reading_nine_digits" CHECK ("reading" BETWEEN 0 AND 999999999);
ALTER TABLE "FleetSnapshot" ADD CONSTRAINT "FleetSnapshot_state_two_letters_or_blank" CHECK ("state" ~ '^([A-Z]{2})?$');
ALTER TABLE "FleetSnapshot" ADD CONSTRAINT "FleetSnapshot_rentalUse_known" CHECK ("rentalUse" IN ('', 'Rental', 'Trade'));
ALTER TABLE "FleetSnapshot" ADD CONSTRAINT "FleetSnapshot_units_positive" CHECK ("units" > 0);
