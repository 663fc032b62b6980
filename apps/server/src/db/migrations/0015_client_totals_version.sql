ALTER TABLE "client_stage_totals" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As 0014, and every change also bumps the version of the buckets it touches; a change of a
-- client's invest_money (the client list's default order, kept by the case_roles trigger of 0013)
-- bumps its bucket too. A remembered page start of the client list stays valid exactly while the
-- versions of its buckets stand (docs/decisions/0008).
CREATE OR REPLACE FUNCTION client_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_first boolean := TG_OP = 'DELETE'
    OR (TG_OP = 'UPDATE' AND (OLD.process_status, OLD.is_deleted) <= (NEW.process_status, NEW.is_deleted));
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND old_first THEN
    UPDATE client_stage_totals
       SET n = n - 1, check_size = money_by_currency_add(check_size, OLD.currency, -OLD.check_size),
           version = version + 1
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE client_stage_totals
       SET n = n + 1, check_size = money_by_currency_add(check_size, NEW.currency, NEW.check_size),
           version = version + 1
     WHERE process_status = NEW.process_status AND is_deleted = NEW.is_deleted;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE client_stage_totals
       SET n = n - 1, check_size = money_by_currency_add(check_size, OLD.currency, -OLD.check_size),
           version = version + 1
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_stage_totals_reorder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_stage_totals SET version = version + 1
   WHERE process_status = NEW.process_status AND is_deleted = NEW.is_deleted;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clients_stage_totals_reorder AFTER UPDATE OF invest_money ON clients
  FOR EACH ROW
  WHEN (OLD.invest_money IS DISTINCT FROM NEW.invest_money)
  EXECUTE FUNCTION client_stage_totals_reorder();
