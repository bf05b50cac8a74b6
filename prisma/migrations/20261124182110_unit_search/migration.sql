-- Department search, unit history and the unit hub (ADR 045). Searching a unit number must cost the same
-- on a 50,000-unit fleet as on a small one: a prefix is an ordered range of a byte-ordered ("C") index,
-- text anywhere in the number a trigram lookup; the hub reads a unit's claims and credit memo lines by
-- their own indexes. pg_trgm is already created by the vendor name migration (ADR 035).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Claim_unitId_idx" ON "Claim"("unitId");

-- CreateIndex
CREATE INDEX "CreditMemoLine_unitNumber_idx" ON "CreditMemoLine"("unitNumber");

-- CreateIndex
CREATE INDEX "Unit_unitNumber_trgm_idx" ON "Unit" USING GIN ("unitNumber" gin_trgm_ops);

-- The prefix search's ordered range (LIKE 'H24%' and ORDER BY in byte order, whatever the database's
-- collation). An expression index, like "Company_name_lower_idx": Prisma leaves those alone, where a
-- collated column would read as drift. Queries must write the same expression to use it.
CREATE INDEX "Unit_unitNumber_c_idx" ON "Unit" (("unitNumber"::text COLLATE "C"));
