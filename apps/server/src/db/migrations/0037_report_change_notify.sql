-- Report answers are kept in each instance until something they count changes (issue 10,
-- docs/decisions/0044). A statement that writes cases, clients or the stored snapshots notifies
-- `dealflow_reports` on commit, and every instance drops the answers it holds. One notification per
-- statement (not per row), and PostgreSQL sends identical notifications of one transaction once.
CREATE FUNCTION "report_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('dealflow_reports', TG_TABLE_NAME);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cases_report_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cases"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "clients_report_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "report_snapshots_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "report_snapshots"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "report_snapshot_days_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "report_snapshot_days"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();
