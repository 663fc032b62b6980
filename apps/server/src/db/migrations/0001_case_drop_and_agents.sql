ALTER TABLE "cases" ADD COLUMN "dropped_from" text;--> statement-breakpoint
CREATE INDEX "cases_agents_idx" ON "cases" USING gin ("agent_ids");