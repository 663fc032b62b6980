ALTER TABLE "case_stage_totals" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As 0005, and every change also bumps the version of the buckets it touches: a remembered page
-- boundary of the case list stays valid exactly while the versions of its buckets stand.
CREATE OR REPLACE FUNCTION case_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE case_stage_totals
       SET n = n - 1, fund_raising = fund_raising - coalesce(OLD.fund_raising, 0), version = version + 1
     WHERE status = OLD.status AND is_deleted = OLD.is_deleted AND currency = OLD.currency;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO case_stage_totals AS t (status, is_deleted, currency, n, fund_raising, version)
    VALUES (NEW.status, NEW.is_deleted, NEW.currency, 1, coalesce(NEW.fund_raising, 0), 1)
    ON CONFLICT (status, is_deleted, currency)
    DO UPDATE SET n = t.n + 1, fund_raising = t.fund_raising + excluded.fund_raising, version = t.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
