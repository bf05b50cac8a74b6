-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "version" INTEGER;
