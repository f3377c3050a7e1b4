CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_campaigns" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_campaigns_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "study_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "study_reminders_unanswered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcome_back_sent_at" timestamp with time zone;--> statement-breakpoint
-- Marketing email becomes opt-in (decision 018): a learner who ever changed "Offers and discounts"
-- (logged as email_preferences_change naming campaign_emails) keeps that choice, dated by the
-- latest such change; everyone else never chose, and an opt-out default is not consent: off.
UPDATE "users" u SET "email_campaigns_consent_at" = chosen.at
FROM (
  SELECT a."user_id", max(a."created_at") AS at FROM "user_actions" a
  WHERE a."action" = 'email_preferences_change' AND a."details" LIKE '%campaign_emails%'
  GROUP BY a."user_id"
) chosen
WHERE chosen."user_id" = u."id" AND u."email_campaigns";--> statement-breakpoint
UPDATE "users" SET "email_campaigns" = false WHERE "email_campaigns" AND "email_campaigns_consent_at" IS NULL;
