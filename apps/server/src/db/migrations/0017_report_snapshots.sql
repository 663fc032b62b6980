-- Reports (issue 10): stored daily counts per dimension (report_snapshots, the days in
-- report_snapshot_days), today's group counts kept live by triggers (report_live_totals), and the
-- history indexes the activity feeds, the daily job and the analytics read.
CREATE TABLE "report_live_totals" (
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"stage" text NOT NULL,
	"currency" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount" numeric(24, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "report_live_totals_dimension_key_stage_currency_pk" PRIMARY KEY("dimension","key","stage","currency")
);
--> statement-breakpoint
CREATE TABLE "report_snapshot_days" (
	"day" date PRIMARY KEY NOT NULL,
	"source" text DEFAULT 'history' NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_snapshots" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"stage" text NOT NULL,
	"n" integer NOT NULL,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "report_snapshots_dimension_day_key_stage_pk" PRIMARY KEY("dimension","day","key","stage")
);
--> statement-breakpoint
CREATE INDEX "activity_logs_feed_idx" ON "activity_logs" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_logs_moves_idx" ON "activity_logs" USING btree ("entity_type","created_at") WHERE "activity_logs"."action" in ('stage', 'client.move');--> statement-breakpoint
-- The groups a case counts in on the live report (report_live_totals): its AO, its round and each
-- of its domains ('' for none), in its stage. The same cells as caseContributions in
-- packages/domain reports.ts, whose daily snapshots they continue (per stage: case_stage_totals).
CREATE OR REPLACE FUNCTION report_case_groups(p_status text, p_ao_id integer, p_round text, p_domain_keys jsonb)
  RETURNS TABLE (dimension text, key text, stage text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'cases.ao', coalesce(p_ao_id::text, ''), p_status
  UNION ALL SELECT 'cases.round', coalesce(p_round, ''), p_status
  UNION ALL SELECT DISTINCT 'cases.domain', k, p_status
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p_domain_keys) = 'array' AND jsonb_array_length(p_domain_keys) > 0
                                        THEN p_domain_keys ELSE '[""]'::jsonb END) AS k
$$;
--> statement-breakpoint
-- The groups a client counts in: its membership tier, its owner and each of its domains.
CREATE OR REPLACE FUNCTION report_client_groups(p_stage text, p_membership text, p_owner integer, p_domain_keys jsonb)
  RETURNS TABLE (dimension text, key text, stage text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'clients.type', p_membership, p_stage
  UNION ALL SELECT 'clients.owner', coalesce(p_owner::text, ''), p_stage
  UNION ALL SELECT DISTINCT 'clients.domain', k, p_stage
    FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(p_domain_keys) = 'array' AND jsonb_array_length(p_domain_keys) > 0
                                        THEN p_domain_keys ELSE '[""]'::jsonb END) AS k
$$;
--> statement-breakpoint
-- Keeps report_live_totals exact in the transaction of every write: the row's old groups lose it,
-- its new ones gain it (a deleted case counts nowhere). One statement, in key order, so two writes
-- that move cases between the same groups lock them in the same order.
CREATE OR REPLACE FUNCTION report_live_cases_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_live_totals AS t (dimension, key, stage, currency, n, amount)
  SELECT d.dimension, d.key, d.stage, d.currency, sum(d.n)::integer, sum(d.amount)
    FROM (
      SELECT g.dimension, g.key, g.stage, OLD.currency AS currency, -1 AS n, -coalesce(OLD.fund_raising, 0) AS amount
        FROM report_case_groups(OLD.status, OLD.ao_id, OLD.round, OLD.domain_keys) g
       WHERE TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted
      UNION ALL
      SELECT g.dimension, g.key, g.stage, NEW.currency, 1, coalesce(NEW.fund_raising, 0)
        FROM report_case_groups(NEW.status, NEW.ao_id, NEW.round, NEW.domain_keys) g
       WHERE TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted
    ) d
   GROUP BY d.dimension, d.key, d.stage, d.currency
  HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
   ORDER BY d.dimension, d.key, d.stage, d.currency
  ON CONFLICT (dimension, key, stage, currency)
  DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_live_clients_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_live_totals AS t (dimension, key, stage, currency, n, amount)
  SELECT d.dimension, d.key, d.stage, d.currency, sum(d.n)::integer, sum(d.amount)
    FROM (
      SELECT g.dimension, g.key, g.stage, OLD.currency AS currency, -1 AS n, -coalesce(OLD.check_size, 0) AS amount
        FROM report_client_groups(OLD.process_status, OLD.membership, OLD.employee_id, OLD.domain_keys) g
       WHERE TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_deleted
      UNION ALL
      SELECT g.dimension, g.key, g.stage, NEW.currency, 1, coalesce(NEW.check_size, 0)
        FROM report_client_groups(NEW.process_status, NEW.membership, NEW.employee_id, NEW.domain_keys) g
       WHERE TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_deleted
    ) d
   GROUP BY d.dimension, d.key, d.stage, d.currency
  HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
   ORDER BY d.dimension, d.key, d.stage, d.currency
  ON CONFLICT (dimension, key, stage, currency)
  DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cases_report_live_ins AFTER INSERT OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION report_live_cases_apply();
--> statement-breakpoint
-- Only the columns that decide a group or the sum: other edits cost nothing extra.
CREATE TRIGGER cases_report_live_upd
  AFTER UPDATE OF status, is_deleted, ao_id, round, domain_keys, currency, fund_raising ON cases
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
        OR OLD.ao_id IS DISTINCT FROM NEW.ao_id OR OLD.round IS DISTINCT FROM NEW.round
        OR OLD.domain_keys IS DISTINCT FROM NEW.domain_keys OR OLD.currency IS DISTINCT FROM NEW.currency
        OR OLD.fund_raising IS DISTINCT FROM NEW.fund_raising)
  EXECUTE FUNCTION report_live_cases_apply();
--> statement-breakpoint
CREATE TRIGGER clients_report_live_ins AFTER INSERT OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION report_live_clients_apply();
--> statement-breakpoint
CREATE TRIGGER clients_report_live_upd
  AFTER UPDATE OF process_status, is_deleted, membership, employee_id, domain_keys, currency, check_size ON clients
  FOR EACH ROW
  WHEN (OLD.process_status IS DISTINCT FROM NEW.process_status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
        OR OLD.membership IS DISTINCT FROM NEW.membership OR OLD.employee_id IS DISTINCT FROM NEW.employee_id
        OR OLD.domain_keys IS DISTINCT FROM NEW.domain_keys OR OLD.currency IS DISTINCT FROM NEW.currency
        OR OLD.check_size IS DISTINCT FROM NEW.check_size)
  EXECUTE FUNCTION report_live_clients_apply();
--> statement-breakpoint
-- The totals of the rows already there (taken with the triggers in place, in the same transaction).
INSERT INTO report_live_totals (dimension, key, stage, currency, n, amount)
SELECT g.dimension, g.key, g.stage, c.currency, count(*), coalesce(sum(c.fund_raising), 0)
  FROM cases c CROSS JOIN LATERAL report_case_groups(c.status, c.ao_id, c.round, c.domain_keys) g
 WHERE NOT c.is_deleted
 GROUP BY g.dimension, g.key, g.stage, c.currency;
--> statement-breakpoint
INSERT INTO report_live_totals (dimension, key, stage, currency, n, amount)
SELECT g.dimension, g.key, g.stage, c.currency, count(*), coalesce(sum(c.check_size), 0)
  FROM clients c CROSS JOIN LATERAL report_client_groups(c.process_status, c.membership, c.employee_id, c.domain_keys) g
 WHERE NOT c.is_deleted
 GROUP BY g.dimension, g.key, g.stage, c.currency;
