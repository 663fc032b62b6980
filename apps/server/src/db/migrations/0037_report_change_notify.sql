-- Report answers are kept in each instance until something they count changes (issue 10,
-- docs/decisions/0044). A statement that writes what a report reads notifies `dealflow_reports` on
-- commit, and every instance drops the answers it holds: cases and clients created, deleted or
-- with a counted column named in an UPDATE (a sign-in's last_login_at is not one), an employee's
-- name (the AO and owner breakdowns show it), and the stored snapshots. One notification per
-- statement (not per row); PostgreSQL sends identical notifications of one transaction once.
CREATE FUNCTION "report_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('dealflow_reports', TG_TABLE_NAME);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cases_report_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "cases"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "cases_report_notify_update"
	AFTER UPDATE OF "status", "is_deleted", "ao_id", "round", "domain_keys", "currency", "fund_raising", "funding" ON "cases"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "clients_report_notify" AFTER INSERT OR DELETE OR TRUNCATE ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "clients_report_notify_update"
	AFTER UPDATE OF "process_status", "is_deleted", "membership", "employee_id", "domain_keys", "currency", "check_size" ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "employees_report_notify" AFTER UPDATE OF "name" OR DELETE ON "employees"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "report_snapshots_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "report_snapshots"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();--> statement-breakpoint
CREATE TRIGGER "report_snapshot_days_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "report_snapshot_days"
	FOR EACH STATEMENT EXECUTE FUNCTION "report_change_notify"();
