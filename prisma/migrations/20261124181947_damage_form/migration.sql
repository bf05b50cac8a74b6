-- AlterTable
ALTER TABLE "DamageReport" ADD COLUMN     "location" VARCHAR(200) NOT NULL DEFAULT '',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1,
ALTER COLUMN "contactEmail" DROP NOT NULL;

-- CreateTable
CREATE TABLE "DamageReportPhoto" (
    "id" SERIAL NOT NULL,
    "damageReportId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "largeKey" VARCHAR(255) NOT NULL,
    "smallKey" VARCHAR(255) NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DamageReportPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DamageReportPhoto_damageReportId_position_key" ON "DamageReportPhoto"("damageReportId", "position");

-- AddForeignKey
ALTER TABLE "DamageReportPhoto" ADD CONSTRAINT "DamageReportPhoto_damageReportId_fkey" FOREIGN KEY ("damageReportId") REFERENCES "DamageReport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
