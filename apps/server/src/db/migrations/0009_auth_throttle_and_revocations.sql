CREATE TABLE "known_sign_in_addresses" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_in_addresses_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
ALTER TABLE "auth_failures" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "auth_failures" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
-- Throttle keys now carry the throttle's name (`sign-in:account:…`); rows of the old form would
-- never be pruned. At worst this lifts a lock a few minutes early.
DELETE FROM "auth_failures" WHERE "key" LIKE 'account:%' OR "key" LIKE 'address:%';
--> statement-breakpoint
-- Every instance keeps the revoked token ids of unexpired tokens in memory (docs/decisions/0009),
-- so authentication reads no table. A new row notifies `dealflow_revoked_tokens` with
-- `<jti> <expiry in epoch seconds>` when the transaction commits, and each instance adds it.
CREATE OR REPLACE FUNCTION revoked_token_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealflow_revoked_tokens', NEW.jti || ' ' || floor(extract(epoch FROM NEW.expires_at))::bigint);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_notify AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION revoked_token_notify();
