-- The department search's text-anywhere statement (ADR 045) is planned from the statistics of
-- "unitNumber": with the default 100-entry histogram, a number part few units hold ('%0269%') was
-- estimated as common, and the planner walked the ordered index testing every unit (15-18 ms at 50,000
-- units, one search in twenty) instead of the trigram lookup (under 1 ms). With 1,000 entries it tells
-- rare parts from common ones: p99 0.8 ms (bench/unit-search.ts). 10,000 costs ~1 ms of planning.
ALTER TABLE "Unit" ALTER COLUMN "unitNumber" SET STATISTICS 1000;
ANALYZE "Unit";
