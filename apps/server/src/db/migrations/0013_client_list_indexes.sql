CREATE TABLE "client_stage_totals" (
	"process_status" text NOT NULL,
	"is_deleted" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"check_size" numeric(24, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "client_stage_totals_process_status_is_deleted_pk" PRIMARY KEY("process_status","is_deleted")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "invest_money" numeric(20, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_invest_idx" ON "clients" USING btree ("invest_money","id","process_status") WHERE "clients"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name","id") WHERE "clients"."is_deleted" = false;--> statement-breakpoint
-- Keeps clients.invest_money equal to the sum of the client's case_roles.invest_money: every
-- insert, update and delete of a role moves its amount, in the transaction of the write (the
-- client row is updated in place, so concurrent role writes of one client queue on its row).
CREATE OR REPLACE FUNCTION client_invest_money_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND coalesce(OLD.invest_money, 0) <> 0 THEN
    UPDATE clients SET invest_money = invest_money - OLD.invest_money WHERE id = OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND coalesce(NEW.invest_money, 0) <> 0 THEN
    UPDATE clients SET invest_money = invest_money + NEW.invest_money WHERE id = NEW.client_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER case_roles_invest_money_ins AFTER INSERT OR DELETE ON case_roles
  FOR EACH ROW EXECUTE FUNCTION client_invest_money_apply();
--> statement-breakpoint
-- Only a change of the amount or of the client moves money: other role edits cost nothing extra.
CREATE TRIGGER case_roles_invest_money_upd AFTER UPDATE OF invest_money, client_id ON case_roles
  FOR EACH ROW
  WHEN (OLD.invest_money IS DISTINCT FROM NEW.invest_money OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION client_invest_money_apply();
--> statement-breakpoint
UPDATE clients c SET invest_money = s.total
  FROM (SELECT client_id, sum(invest_money) AS total FROM case_roles
         WHERE invest_money IS NOT NULL GROUP BY client_id) s
 WHERE s.client_id = c.id;
--> statement-breakpoint
-- Search over name, email and phone through the grams of migration 0007 (one- and two-character
-- Chinese names included); the expression must stay exactly as the repository writes it
-- (clientSearchText), or the planner will not use the index. No statistics, as for cases.
CREATE INDEX "clients_search_grams_idx" ON "clients"
  USING gin (case_search_grams("name" || E'\n' || "email" || E'\n' || coalesce("phone", '')));
--> statement-breakpoint
ALTER INDEX "clients_search_grams_idx" ALTER COLUMN 1 SET STATISTICS 0;
--> statement-breakpoint
-- The duplicate check compares phones on their digits only ("0912-345-678" = "0912345678").
CREATE INDEX "clients_phone_digits_idx" ON "clients" (regexp_replace("phone", '[^0-9]', '', 'g'))
  WHERE "phone" IS NOT NULL;
--> statement-breakpoint
-- Keeps client_stage_totals exact: every insert, update and delete on clients moves its count and
-- check_size from the old (stage, deleted) bucket to the new one, in the transaction of the write.
-- Every bucket exists (made below), so only updates are needed; when a move touches two buckets
-- they are locked in key order, so two opposite moves at once wait for each other, never deadlock.
CREATE OR REPLACE FUNCTION client_stage_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_first boolean := TG_OP = 'DELETE'
    OR (TG_OP = 'UPDATE' AND (OLD.process_status, OLD.is_deleted) <= (NEW.process_status, NEW.is_deleted));
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND old_first THEN
    UPDATE client_stage_totals SET n = n - 1, check_size = check_size - coalesce(OLD.check_size, 0)
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE client_stage_totals SET n = n + 1, check_size = check_size + coalesce(NEW.check_size, 0)
     WHERE process_status = NEW.process_status AND is_deleted = NEW.is_deleted;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE client_stage_totals SET n = n - 1, check_size = check_size - coalesce(OLD.check_size, 0)
     WHERE process_status = OLD.process_status AND is_deleted = OLD.is_deleted;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO client_stage_totals (process_status, is_deleted, n, check_size)
SELECT s.stage, d.deleted,
       (SELECT count(*) FROM clients c WHERE c.process_status = s.stage AND c.is_deleted = d.deleted),
       (SELECT coalesce(sum(c.check_size), 0) FROM clients c WHERE c.process_status = s.stage AND c.is_deleted = d.deleted)
  FROM unnest(ARRAY['p0','p1','p2','p3','p4','p5','p6','drop']) AS s(stage),
       unnest(ARRAY[false, true]) AS d(deleted);
--> statement-breakpoint
CREATE TRIGGER clients_stage_totals_ins AFTER INSERT OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION client_stage_totals_apply();
--> statement-breakpoint
-- Only the columns that decide the bucket or the sum: other edits (and invest_money) cost nothing extra.
CREATE TRIGGER clients_stage_totals_upd AFTER UPDATE OF process_status, is_deleted, check_size ON clients
  FOR EACH ROW
  WHEN (OLD.process_status IS DISTINCT FROM NEW.process_status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
        OR OLD.check_size IS DISTINCT FROM NEW.check_size)
  EXECUTE FUNCTION client_stage_totals_apply();
