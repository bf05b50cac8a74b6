-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionGeneration" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "RevokedToken" (
    "jti" VARCHAR(64) NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RevokedToken_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE INDEX "RevokedToken_expiresAt_idx" ON "RevokedToken"("expiresAt");

-- CreateIndex
CREATE INDEX "RevokedToken_userId_idx" ON "RevokedToken"("userId");

-- AddForeignKey
ALTER TABLE "RevokedToken" ADD CONSTRAINT "RevokedToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Sockets follow session changes (ADR 022, 039): a new session generation revokes the user's tokens,
-- so the "User" trigger notifies on it as on the cut-off, active flag and department.
CREATE OR REPLACE FUNCTION fleetops_user_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(
    SELECT new_rows."id"
    FROM new_rows JOIN old_rows ON old_rows."id" = new_rows."id"
    WHERE new_rows."tokensValidAfter" IS DISTINCT FROM old_rows."tokensValidAfter"
       OR new_rows."sessionGeneration" IS DISTINCT FROM old_rows."sessionGeneration"
       OR new_rows."active" IS DISTINCT FROM old_rows."active"
       OR new_rows."departmentId" IS DISTINCT FROM old_rows."departmentId"
  ));
  RETURN NULL;
END;
$$;

-- A signed-out token: the sockets its user opened with it are re-checked and the revoked one ends.
CREATE FUNCTION fleetops_token_revoked() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleetops_notify_session_change(ARRAY(SELECT "userId" FROM new_rows));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "RevokedToken_session_insert" AFTER INSERT ON "RevokedToken"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fleetops_token_revoked();
