-- The vendor form's duplicate check (ADR 035): pg_trgm scores similar names (a trusted extension since
-- PostgreSQL 13, so the database's owner may create it), and one vendor per normalised name is the
-- exact-duplicate rule, held by the database under simultaneous creates.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "Vendor_normalizedName_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Vendor_normalizedName_key" ON "Vendor"("normalizedName");
