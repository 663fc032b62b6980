-- How many live cases each stage holds, split by whether the term sheet shows the case on the fund
-- platform (issue 13, docs/decisions/0040). An investor's case list counts its cases from here
-- instead of counting tens of thousands of rows per request. Kept exact by statement triggers on
-- cases in the same transaction as the change; an edit that moves no case between groups writes
-- nothing here, so only stage moves, creations and deletions touch these rows.
CREATE TABLE "case_stage_counts" (
	"status" text NOT NULL,
	"shown" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_stage_counts_pkey" PRIMARY KEY("status","shown")
);--> statement-breakpoint
INSERT INTO "case_stage_counts" ("status", "shown", "n")
	SELECT "status", coalesce(("term_sheet"->>'is_show_fund_platform') = 'true', false), count(*)::int
	FROM "cases" WHERE NOT "is_deleted" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "case_stage_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO case_stage_counts AS c (status, shown, n)
			SELECT status, coalesce((term_sheet->>'is_show_fund_platform') = 'true', false), count(*)::int
			FROM new_rows WHERE NOT is_deleted GROUP BY 1, 2
			ON CONFLICT (status, shown) DO UPDATE SET n = c.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO case_stage_counts AS c (status, shown, n)
			SELECT status, coalesce((term_sheet->>'is_show_fund_platform') = 'true', false), -count(*)::int
			FROM old_rows WHERE NOT is_deleted GROUP BY 1, 2
			ON CONFLICT (status, shown) DO UPDATE SET n = c.n + excluded.n;
	ELSE
		INSERT INTO case_stage_counts AS c (status, shown, n)
			SELECT status, shown, sum(d)::int FROM (
				SELECT status, coalesce((term_sheet->>'is_show_fund_platform') = 'true', false) AS shown, 1 AS d
				FROM new_rows WHERE NOT is_deleted
				UNION ALL
				SELECT status, coalesce((term_sheet->>'is_show_fund_platform') = 'true', false), -1
				FROM old_rows WHERE NOT is_deleted
			) moved GROUP BY 1, 2 HAVING sum(d) <> 0
			ON CONFLICT (status, shown) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "case_stage_counts_insert" AFTER INSERT ON "cases" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "case_stage_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "case_stage_counts_update" AFTER UPDATE ON "cases" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "case_stage_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "case_stage_counts_delete" AFTER DELETE ON "cases" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "case_stage_counts_apply"();--> statement-breakpoint
CREATE FUNCTION "case_stage_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM case_stage_counts;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "case_stage_counts_truncate" AFTER TRUNCATE ON "cases"
	FOR EACH STATEMENT EXECUTE FUNCTION "case_stage_counts_reset"();
