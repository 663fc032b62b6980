-- Self-service registration (issue 14). One row per purpose and address holds the one live mailed
-- code (stored only as an HMAC), its tries, and the times of the sends of the last hour; every
-- send and every guess locks that row, so concurrent requests cannot beat the limits.
CREATE TABLE "mail_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone[] DEFAULT '{}'::timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_codes_email_lower_check" CHECK ("mail_codes"."email" = lower("mail_codes"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_codes_purpose_email_key" ON "mail_codes" USING btree ("purpose","email");--> statement-breakpoint
-- A registration waiting for staff: 'pending' until approved (clients) or taken on (cases);
-- null for everything staff made. The form as the applicant filled it in is kept beside it.
ALTER TABLE "clients" ADD COLUMN "application_status" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "application_form" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_application_status_check" CHECK ("clients"."application_status" in ('pending','approved'));--> statement-breakpoint
CREATE INDEX "clients_application_pending_idx" ON "clients" USING btree ("id") WHERE "clients"."application_status" = 'pending';--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "application_status" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "application_form" jsonb;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_application_status_check" CHECK ("cases"."application_status" in ('pending','approved'));--> statement-breakpoint
CREATE INDEX "cases_application_pending_idx" ON "cases" USING btree ("id") WHERE "cases"."application_status" = 'pending';
