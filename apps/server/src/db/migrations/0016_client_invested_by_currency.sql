-- A client's invest_money summed its case roles across currencies (NT$ and US$ added as one
-- number) and the list showed it as NT$. Now `invested` keeps the sum per currency of the cases
-- (as the stage totals keep check sizes, 0014) and `invest_money`, the list's default order, is
-- the NT$ part alone: a sum that means something. Both count roles on cases that are not deleted,
-- as the client's cases and portfolio do; they are recomputed from the client's own roles (a
-- client has few) whenever a role, or the currency or deletion of a case with roles, changes.
ALTER TABLE "clients" ADD COLUMN "invested" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_invested_refresh(cid integer) RETURNS void LANGUAGE sql AS $$
  UPDATE clients SET invested = s.by_currency, invest_money = s.ntd
    FROM (SELECT coalesce(jsonb_object_agg(t.currency, t.total) FILTER (WHERE t.total <> 0), '{}'::jsonb) AS by_currency,
                 coalesce(sum(t.total) FILTER (WHERE t.currency = 'NTD'), 0) AS ntd
            FROM (SELECT c.currency, sum(r.invest_money) AS total
                    FROM case_roles r JOIN cases c ON c.id = r.case_id
                   WHERE r.client_id = cid AND c.is_deleted = false AND r.invest_money IS NOT NULL
                   GROUP BY c.currency) t) s
   WHERE clients.id = cid
     AND (clients.invested, clients.invest_money) IS DISTINCT FROM (s.by_currency, s.ntd);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_invest_money_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM client_invested_refresh(OLD.client_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.client_id IS DISTINCT FROM OLD.client_id) THEN
    PERFORM client_invested_refresh(NEW.client_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS case_roles_invest_money_upd ON case_roles;--> statement-breakpoint
-- A role moved to another case may change the currency its amount counts in.
CREATE TRIGGER case_roles_invest_money_upd AFTER UPDATE OF invest_money, client_id, case_id ON case_roles
  FOR EACH ROW
  WHEN (OLD.invest_money IS DISTINCT FROM NEW.invest_money OR OLD.client_id IS DISTINCT FROM NEW.client_id
        OR OLD.case_id IS DISTINCT FROM NEW.case_id)
  EXECUTE FUNCTION client_invest_money_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION case_invested_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_invested_refresh(r.client_id)
     FROM (SELECT DISTINCT client_id FROM case_roles WHERE case_id = NEW.id AND invest_money IS NOT NULL) r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cases_invested_upd AFTER UPDATE OF currency, is_deleted ON cases
  FOR EACH ROW
  WHEN (OLD.currency IS DISTINCT FROM NEW.currency OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted)
  EXECUTE FUNCTION case_invested_apply();
--> statement-breakpoint
UPDATE clients c SET invested = s.by_currency, invest_money = s.ntd
  FROM (SELECT t.client_id,
               coalesce(jsonb_object_agg(t.currency, t.total) FILTER (WHERE t.total <> 0), '{}'::jsonb) AS by_currency,
               coalesce(sum(t.total) FILTER (WHERE t.currency = 'NTD'), 0) AS ntd
          FROM (SELECT r.client_id, c.currency, sum(r.invest_money) AS total
                  FROM case_roles r JOIN cases c ON c.id = r.case_id
                 WHERE c.is_deleted = false AND r.invest_money IS NOT NULL
                 GROUP BY r.client_id, c.currency) t
         GROUP BY t.client_id) s
 WHERE s.client_id = c.id;
--> statement-breakpoint
UPDATE clients SET invest_money = 0
 WHERE invest_money <> 0
   AND NOT EXISTS (SELECT 1 FROM case_roles r JOIN cases c ON c.id = r.case_id
                    WHERE r.client_id = clients.id AND c.is_deleted = false AND r.invest_money IS NOT NULL
                      AND c.currency = 'NTD');
