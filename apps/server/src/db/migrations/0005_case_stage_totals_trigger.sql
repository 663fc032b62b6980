-- Keeps case_stage_totals exact: every insert, update and delete on cases moves its count and
-- fund raising from the old (status, is_deleted, currency) bucket to the new one, in the same
-- transaction as the write.
CREATE OR REPLACE FUNCTION case_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE case_stage_totals
       SET n = n - 1, fund_raising = fund_raising - coalesce(OLD.fund_raising, 0)
     WHERE status = OLD.status AND is_deleted = OLD.is_deleted AND currency = OLD.currency;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO case_stage_totals AS t (status, is_deleted, currency, n, fund_raising)
    VALUES (NEW.status, NEW.is_deleted, NEW.currency, 1, coalesce(NEW.fund_raising, 0))
    ON CONFLICT (status, is_deleted, currency)
    DO UPDATE SET n = t.n + 1, fund_raising = t.fund_raising + excluded.fund_raising;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cases_stage_totals_ins AFTER INSERT OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION case_stage_totals_apply();
--> statement-breakpoint
-- Only the columns that decide the bucket or the sum: other edits cost nothing extra.
CREATE TRIGGER cases_stage_totals_upd AFTER UPDATE OF status, is_deleted, currency, fund_raising ON cases
  FOR EACH ROW EXECUTE FUNCTION case_stage_totals_apply();
--> statement-breakpoint
INSERT INTO case_stage_totals (status, is_deleted, currency, n, fund_raising)
SELECT status, is_deleted, currency, count(*), coalesce(sum(fund_raising), 0)
  FROM cases GROUP BY status, is_deleted, currency
ON CONFLICT (status, is_deleted, currency) DO UPDATE SET n = excluded.n, fund_raising = excluded.fund_raising;
