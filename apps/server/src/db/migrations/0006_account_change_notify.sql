-- Every instance keeps the staff and investor accounts it authenticated with for a few seconds
-- (docs/decisions/0007). A change to such an account notifies `dealflow_accounts` with
-- `<table>:<id>` when the transaction commits, and each instance drops its copy.
CREATE OR REPLACE FUNCTION account_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealflow_accounts', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER employees_account_changed AFTER UPDATE OR DELETE ON employees
  FOR EACH ROW EXECUTE FUNCTION account_changed_notify();
--> statement-breakpoint
CREATE TRIGGER clients_account_changed AFTER UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION account_changed_notify();
