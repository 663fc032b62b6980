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
