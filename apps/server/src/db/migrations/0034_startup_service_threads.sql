-- A service thread's party is an investor client or a startup's case (decision 0038): exactly one.
ALTER TABLE "service_threads" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_threads" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "service_threads" ADD CONSTRAINT "service_threads_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_threads" ADD CONSTRAINT "service_threads_party_check" CHECK (("service_threads"."client_id" is null) <> ("service_threads"."case_id" is null));--> statement-breakpoint
CREATE INDEX "service_threads_case_idx" ON "service_threads" USING btree ("case_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "service_threads"."case_id" is not null;
