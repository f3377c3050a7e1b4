CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"issue_id" text NOT NULL,
	"issue_description" text NOT NULL,
	"page" text,
	"voca_id" integer,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"counted_until" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "kind" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD CONSTRAINT "issue_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD CONSTRAINT "issue_reports_voca_id_vocas_id_fk" FOREIGN KEY ("voca_id") REFERENCES "public"."vocas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD CONSTRAINT "issue_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_id_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_reports_created_at_idx" ON "issue_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "issue_reports_resolved_created_at_idx" ON "issue_reports" USING btree ("resolved","created_at");--> statement-breakpoint
CREATE INDEX "issue_reports_user_id_idx" ON "issue_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_reports_voca_id_idx" ON "issue_reports" USING btree ("voca_id");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_date_joined_idx" ON "users" USING btree ("date_joined");--> statement-breakpoint
CREATE INDEX "users_last_activity_idx" ON "users" USING btree ("last_activity");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_tokens_created_by_idx" ON "auth_tokens" USING btree ("created_by") WHERE "auth_tokens"."created_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","amount") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "premium_subscriptions_start_date_idx" ON "premium_subscriptions" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "voca_hard_records_created_at_idx" ON "voca_hard_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "voca_records_created_at_idx" ON "voca_records" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_kind_known" CHECK ("auth_tokens"."kind" IN ('session', 'impersonation'));--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_impersonation_bounded" CHECK ("auth_tokens"."kind" = 'session' OR ("auth_tokens"."expires_at" IS NOT NULL AND "auth_tokens"."created_by" IS NOT NULL));