-- Money invariants held by the database (ADR 054). An invoice's balance is derived, never incremented:
-- amount − paidAmount − creditedAmount, where creditedAmount is the sum of what its applications took
-- (invoiceAmount). A check keeps it between 0 and the amount, so no sequence of writes can take an invoice
-- below zero or raise it above what it was; removing an application gives back exactly what it took.

ALTER TABLE "ArInvoice" ADD COLUMN     "creditedAmount" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "paidAmount" DECIMAL(12,2) NOT NULL DEFAULT 0;

ALTER TABLE "CreditMemoApplication" ADD COLUMN     "invoiceAmount" DECIMAL(12,2) NOT NULL DEFAULT 0;

-- Existing rows: the memo company's own applications took what the invoice lost, in the order they were
-- made and never more than it lost; whatever else the invoice lost was paid. Balances do not move.
WITH ordered AS (
  SELECT a.id, a."appliedAmount",
    GREATEST(i.amount - LEAST(GREATEST(i.balance, 0), i.amount), 0) AS lost,
    COALESCE(sum(a."appliedAmount") OVER (PARTITION BY a."invoiceId" ORDER BY a.id
      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
  FROM "CreditMemoApplication" a
  JOIN "ArInvoice" i ON i.id = a."invoiceId"
  JOIN "CreditMemo" m ON m.id = a."creditMemoId"
  WHERE i."companyId" = m."companyId" AND i.status <> 'VOID'
)
UPDATE "CreditMemoApplication" a SET "invoiceAmount" = LEAST(o."appliedAmount", GREATEST(o.lost - o.before, 0))
FROM ordered o WHERE o.id = a.id;

UPDATE "ArInvoice" i SET "creditedAmount" = COALESCE(
  (SELECT sum(a."invoiceAmount") FROM "CreditMemoApplication" a WHERE a."invoiceId" = i.id), 0);
UPDATE "ArInvoice" SET balance = 0 WHERE status = 'VOID';
UPDATE "ArInvoice" SET "paidAmount" = amount - LEAST(GREATEST(balance, 0), amount) - "creditedAmount"
WHERE status <> 'VOID';
UPDATE "ArInvoice" SET balance = amount - "paidAmount" - "creditedAmount",
  status = CASE WHEN amount - "paidAmount" - "creditedAmount" = 0 THEN 'PAID'::"InvoiceStatus" ELSE 'OPEN'::"InvoiceStatus" END
WHERE status <> 'VOID';

ALTER TABLE "ArInvoice" ADD CONSTRAINT "ArInvoice_balance" CHECK (
  "paidAmount" >= 0 AND "creditedAmount" >= 0 AND CASE WHEN status = 'VOID'
    THEN balance = 0 AND "creditedAmount" = 0
    ELSE balance = amount - "paidAmount" - "creditedAmount" AND balance >= 0 AND (status = 'PAID') = (balance = 0)
  END);

ALTER TABLE "CreditMemoApplication" ADD CONSTRAINT "CreditMemoApplication_invoiceAmount" CHECK (
  "invoiceAmount" >= 0 AND "invoiceAmount" <= "appliedAmount" AND ("invoiceAmount" = 0 OR "invoiceId" IS NOT NULL));

-- What the applications of one invoice took off it.
CREATE FUNCTION ar_invoice_credited(invoice_id integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum("invoiceAmount"), 0) FROM "CreditMemoApplication" WHERE "invoiceId" = invoice_id
$$;

-- Balance and status follow from the amounts whoever writes the row: a write to them is overwritten. The
-- sum is read after the row is locked (a trigger's statement sees what committed before it), so two
-- applications to one invoice at once each see the other.
CREATE FUNCTION ar_invoice_balance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."creditedAmount" := ar_invoice_credited(NEW.id);
  IF NEW.status = 'VOID' THEN
    NEW.balance := 0;
  ELSE
    NEW.balance := NEW.amount - NEW."paidAmount" - NEW."creditedAmount";
    NEW.status := CASE WHEN NEW.balance = 0 THEN 'PAID'::"InvoiceStatus" ELSE 'OPEN'::"InvoiceStatus" END;
  END IF;
  IF NEW.balance < 0 THEN
    RAISE EXCEPTION 'invoice % would be taken below zero', NEW.id USING ERRCODE = 'FM003';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "ArInvoice_balance" BEFORE INSERT OR UPDATE ON "ArInvoice"
  FOR EACH ROW EXECUTE FUNCTION ar_invoice_balance();

-- An application's invoice follows it: inserted, changed or removed, the invoice's sum is read again. Only
-- the memo company's own invoice may absorb credit.
CREATE FUNCTION credit_memo_application_invoice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW."invoiceAmount" > 0 AND NOT EXISTS (
    SELECT 1 FROM "ArInvoice" i JOIN "CreditMemo" m ON m."companyId" = i."companyId"
    WHERE i.id = NEW."invoiceId" AND m.id = NEW."creditMemoId") THEN
    RAISE EXCEPTION 'credit memo % cannot credit invoice % of another company', NEW."creditMemoId", NEW."invoiceId"
      USING ERRCODE = 'FM004';
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."invoiceId" IS NOT NULL THEN
    UPDATE "ArInvoice" SET "creditedAmount" = ar_invoice_credited(OLD."invoiceId") WHERE id = OLD."invoiceId";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."invoiceId" IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW."invoiceId" IS DISTINCT FROM OLD."invoiceId" OR NEW."invoiceAmount" <> OLD."invoiceAmount") THEN
    UPDATE "ArInvoice" SET "creditedAmount" = ar_invoice_credited(NEW."invoiceId") WHERE id = NEW."invoiceId";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "CreditMemoApplication_invoice" AFTER INSERT OR UPDATE OR DELETE ON "CreditMemoApplication"
  FOR EACH ROW EXECUTE FUNCTION credit_memo_application_invoice();

-- A memo's company is fixed while it has applications: moving it would strand what was applied.
CREATE FUNCTION credit_memo_company_fixed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "CreditMemoApplication" WHERE "creditMemoId" = NEW.id) THEN
    RAISE EXCEPTION 'credit memo % has applications; its company cannot change', NEW.id USING ERRCODE = 'FM005';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "CreditMemo_company_fixed" BEFORE UPDATE OF "companyId" ON "CreditMemo"
  FOR EACH ROW WHEN (OLD."companyId" IS DISTINCT FROM NEW."companyId") EXECUTE FUNCTION credit_memo_company_fixed();

-- Available credit in numeric of any size (two decimals): a sum over lines never overflows a read (two lines at the column's
-- maximum took every AR list down).
CREATE OR REPLACE FUNCTION credit_memo_available(memo_id integer) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT round(CASE WHEN m.status = 'APPROVED'
    THEN COALESCE((SELECT sum(l.amount) FROM "CreditMemoLine" l WHERE l."creditMemoId" = m.id), 0)
       - COALESCE((SELECT sum(a."appliedAmount") FROM "CreditMemoApplication" a WHERE a."creditMemoId" = m.id), 0)
    ELSE 0 END, 2)
  FROM "CreditMemo" m WHERE m.id = memo_id
$$;

-- Bounds of the operations (ADR 054), held for new rows; rows written before them stay readable.
ALTER TABLE "CreditMemoLine" ADD CONSTRAINT "CreditMemoLine_amount_bound" CHECK (amount <= 999999.99) NOT VALID;
-- Four eyes: nobody approves a memo they created.
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_four_eyes"
  CHECK ("approvedById" IS NULL OR "createdById" IS NULL OR "approvedById" <> "createdById") NOT VALID;
