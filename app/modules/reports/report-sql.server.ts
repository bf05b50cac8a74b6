// SQL the fleet reports share (ADR 058): whole months between two dates, written as the pure rule
// monthsBetween (app/rules/reports/months-in-fleet.ts) reads them, and a company's industry as the reports
// read it.
import { Prisma } from "~/generated/prisma/client";

/**
 * Whole months from `start` to `end` (SQL dates), as monthsBetween counts them: a month added to the 31st
 * lands on a shorter month's last day, and nothing before the start.
 */
export function monthsBetweenSql(start: Prisma.Sql, end: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`GREATEST(0,
    (extract(year FROM ${end})::int * 12 + extract(month FROM ${end})::int)
    - (extract(year FROM ${start})::int * 12 + extract(month FROM ${start})::int)
    - CASE WHEN extract(day FROM ${end}) < extract(day FROM ${start})
        AND ${end} <> (date_trunc('month', ${end}) + interval '1 month - 1 day')::date THEN 1 ELSE 0 END)`;
}

/** The industry of the company aliased `c`, from the maintained list (ADR 059); null when it has none. */
export const companyIndustrySql = (): Prisma.Sql =>
  Prisma.sql`(SELECT i.name FROM "Industry" i WHERE i.id = c."industryId")`;
