-- Work logs (issue 11): what an employee did, optionally on a case (SPEC "Employees" logs).
CREATE TABLE "work_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer,
	"case_id" integer,
	"kind" text DEFAULT 'other' NOT NULL,
	"content" text NOT NULL,
	"happened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_logs_kind_check" CHECK ("kind" in ('call', 'meeting', 'visit', 'email', 'other'))
);
--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_logs" ADD CONSTRAINT "work_logs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_logs_employee_idx" ON "work_logs" USING btree ("employee_id","happened_at","id");--> statement-breakpoint
CREATE INDEX "work_logs_case_idx" ON "work_logs" USING btree ("case_id","happened_at","id");--> statement-breakpoint
CREATE INDEX "work_logs_happened_idx" ON "work_logs" USING btree ("happened_at","id");
