-- A stage's check sizes were summed across currencies (NT$ and US$ added as one number) and shown
-- as NT$. They are now kept per currency, as the case board's amounts are.
ALTER TABLE "client_stage_totals" ALTER COLUMN "check_size" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "client_stage_totals" ALTER COLUMN "check_size" SET DATA TYPE jsonb USING '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "client_stage_totals" ALTER COLUMN "check_size" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
-- Adds `amount` to the `currency` entry of a per-currency sum (an entry that reaches 0 goes away).
CREATE OR REPLACE FUNCTION money_by_currency_add(sums jsonb, currency text, amount numeric) RETURNS jsonb
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN amount IS NULL OR amount = 0 THEN sums
    WHEN coalesce((sums ->> currency)::numeric, 0) + amount = 0 THEN sums - currency
    ELSE jsonb_set(sums, ARRAY[currency], to_jsonb(coalesce((sums ->> currency)::numeric, 0) + amount))
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_first boolean := TG_OP = 'DELETE'
    OR (TG_OP = 'UPDATE' AND (OLD.process_status, OLD.is_deleted) <= (NEW.process_status, NEW.is_deleted));
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND old_first THEN
    UPDATE client_stage_totals
       SET n = n - 1, check_size = money_by_currency_add(check_size, OLD.currency, -OLD.check_size)
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE client_stage_totals
       SET n = n + 1, check_size = money_by_currency_add(check_size, NEW.currency, NEW.check_size)
     WHERE process_status = NEW.process_status AND is_deleted = NEW.is_deleted;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE client_stage_totals
       SET n = n - 1, check_size = money_by_currency_add(check_size, OLD.currency, -OLD.check_size)
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clients_stage_totals_upd ON clients;--> statement-breakpoint
-- A change of currency now moves the amount between entries too.
CREATE TRIGGER clients_stage_totals_upd AFTER UPDATE OF process_status, is_deleted, check_size, currency ON clients
  FOR EACH ROW
  WHEN (OLD.process_status IS DISTINCT FROM NEW.process_status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
        OR OLD.check_size IS DISTINCT FROM NEW.check_size OR OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION client_stage_totals_apply();
--> statement-breakpoint
UPDATE client_stage_totals t SET check_size = coalesce((
    SELECT jsonb_object_agg(s.currency, s.total) FROM (
      SELECT c.currency, sum(c.check_size) AS total FROM clients c
       WHERE c.process_status = t.process_status AND c.is_deleted = t.is_deleted AND c.check_size IS NOT NULL
       GROUP BY c.currency HAVING sum(c.check_size) <> 0) s), '{}'::jsonb);
