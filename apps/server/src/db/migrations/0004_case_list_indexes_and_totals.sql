CREATE TABLE "case_stage_totals" (
	"status" text NOT NULL,
	"is_deleted" boolean NOT NULL,
	"currency" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"fund_raising" numeric(24, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "case_stage_totals_status_is_deleted_currency_pk" PRIMARY KEY("status","is_deleted","currency")
);
--> statement-breakpoint
DROP INDEX "cases_status_created_idx";--> statement-breakpoint
DROP INDEX "cases_created_idx";--> statement-breakpoint
CREATE INDEX "cases_list_created_idx" ON "cases" USING btree ("is_deleted","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_list_status_created_idx" ON "cases" USING btree ("is_deleted","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cases_list_status_updated_idx" ON "cases" USING btree ("is_deleted","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);