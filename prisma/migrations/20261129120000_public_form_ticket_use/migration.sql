-- A public form's ticket is single-use (issue 33, ADR 047): the nonce of each accepted ticket, inserted in the
-- transaction that stores its request or report. Rows older than a day (the ticket's own age limit) plus an
-- hour are deleted now and then by the app; usedAt's index serves that delete.
-- CreateTable
CREATE TABLE "PublicFormTicketUse" (
    "nonce" VARCHAR(32) NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublicFormTicketUse_pkey" PRIMARY KEY ("nonce")
);

-- CreateIndex
CREATE INDEX "PublicFormTicketUse_usedAt_idx" ON "PublicFormTicketUse"("usedAt");
