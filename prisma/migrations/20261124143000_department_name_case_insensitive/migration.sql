-- Department names are one per spelling, whatever the case (ADR 036): "Sales" and " sales " are the same
-- department. The operations store a name trimmed and refuse a taken one with a 409; the unique index on
-- lower("name") is what makes two simultaneous creates (or renames) of one name give one department and
-- one refusal, which a check in the application alone cannot. Prisma cannot declare an index on an
-- expression, so it lives here only (schema.prisma keeps the plain unique name).
ALTER TABLE "Department" ADD CONSTRAINT "Department_name_trimmed" CHECK ("name" = btrim("name") AND length("name") > 0);
CREATE UNIQUE INDEX "Department_name_lower_key" ON "Department" (lower("name"));
