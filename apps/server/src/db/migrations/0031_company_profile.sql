-- The startup's company profile (issue 14): the Company fields of SPEC section 3 the case had no
-- column for, kept as one object on the case; and staff comments on a review name the field they
-- are about and carry the startup's answer.
ALTER TABLE "cases" ADD COLUMN "company" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "case_review_comments" ADD COLUMN "field" text;--> statement-breakpoint
ALTER TABLE "case_review_comments" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "case_review_comments" ADD COLUMN "replied_at" timestamp with time zone;
