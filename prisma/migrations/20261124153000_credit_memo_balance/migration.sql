-- Credit memo money held by the database (ADR 040). Available credit is one SQL function that every
-- read uses: an approved memo's lines less its applications, nothing for a pending or void memo. The
-- trigger makes the balance rule hold whoever writes an application: it locks the memo's row (the void
-- takes the same lock, so a void and an apply never interleave), refuses an application to a memo that is
-- not approved, and refuses one that would take the available credit below zero. Fifty simultaneous
-- applications therefore queue on the row lock and each sees the ones before it.
CREATE FUNCTION credit_memo_available(memo_id integer) RETURNS numeric(12, 2)
LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN m.status = 'APPROVED'
    THEN COALESCE((SELECT sum(l.amount) FROM "CreditMemoLine" l WHERE l."creditMemoId" = m.id), 0)
       - COALESCE((SELECT sum(a."appliedAmount") FROM "CreditMemoApplication" a WHERE a."creditMemoId" = m.id), 0)
    ELSE 0 END)::numeric(12, 2)
  FROM "CreditMemo" m WHERE m.id = memo_id
$$;

CREATE FUNCTION credit_memo_application_check() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  memo_status "CreditMemoStatus";
  lines_total numeric(14, 2);
  applied_total numeric(14, 2);
BEGIN
  SELECT status INTO memo_status FROM "CreditMemo" WHERE id = NEW."creditMemoId" FOR UPDATE;
  IF memo_status IS DISTINCT FROM 'APPROVED' THEN
    RAISE EXCEPTION 'credit memo % is not approved', NEW."creditMemoId" USING ERRCODE = 'FM001';
  END IF;
  SELECT COALESCE(sum(amount), 0) INTO lines_total FROM "CreditMemoLine" WHERE "creditMemoId" = NEW."creditMemoId";
  SELECT COALESCE(sum("appliedAmount"), 0) INTO applied_total FROM "CreditMemoApplication"
   WHERE "creditMemoId" = NEW."creditMemoId" AND id <> NEW.id;
  IF applied_total + NEW."appliedAmount" > lines_total THEN
    RAISE EXCEPTION 'credit memo % would be overdrawn', NEW."creditMemoId" USING ERRCODE = 'FM002';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "CreditMemoApplication_balance"
  BEFORE INSERT OR UPDATE OF "creditMemoId", "appliedAmount" ON "CreditMemoApplication"
  FOR EACH ROW EXECUTE FUNCTION credit_memo_application_check();

-- A memo's invoice/claim number is stored trimmed and never blank; the unique index (schema.prisma) is
-- what gives one of two simultaneous creates of the same number the memo and the other a refusal.
ALTER TABLE "CreditMemo" ADD CONSTRAINT "CreditMemo_invoiceClaim_trimmed"
  CHECK ("invoiceClaim" = btrim("invoiceClaim") AND length("invoiceClaim") > 0);
