-- The firm calendar (issue 11): events found by time across every case, and each employee's
-- secret .ics feed (stored hashed; one per employee, replaced when made again).
CREATE INDEX "case_calendars_start_idx" ON "case_calendars" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "case_calendars_end_idx" ON "case_calendars" USING btree ("end_at");--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");
