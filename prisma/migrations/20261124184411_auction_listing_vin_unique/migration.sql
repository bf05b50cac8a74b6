-- One listing per VIN (ADR 046): the importer upserts by VIN. Listings written before this (the old seed
-- could list a VIN twice only by hand) keep the newest per VIN; their photos go with the older rows.
DELETE FROM "AuctionListing" older
 USING "AuctionListing" newer
 WHERE older."vin" = newer."vin" AND older."id" < newer."id";

-- DropIndex
DROP INDEX "AuctionListing_vin_idx";

-- CreateIndex
CREATE UNIQUE INDEX "AuctionListing_vin_key" ON "AuctionListing"("vin");
