-- ADR 009: audit rows written through an impersonated session also name the impersonator.
-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "impersonatorId" INTEGER;

-- CreateIndex
CREATE INDEX "AuditLog_impersonatorId_changedAt_idx" ON "AuditLog"("impersonatorId", "changedAt");

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_impersonatorId_fkey" FOREIGN KEY ("impersonatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
