-- The contract configuration per case (issue 12): what a case changes of the default fund notice
-- figures and clause texts (the default itself is the platform setting `config.contact`).
CREATE TABLE "case_contract_configs" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_contract_configs" ADD CONSTRAINT "case_contract_configs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_contract_configs" ADD CONSTRAINT "case_contract_configs_updated_by_employees_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;
