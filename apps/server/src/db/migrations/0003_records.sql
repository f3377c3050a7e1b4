CREATE TABLE "product_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voca_hard_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voca_hard_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"voca_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voca_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voca_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"voca_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voca_hard_records" ADD CONSTRAINT "voca_hard_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voca_hard_records" ADD CONSTRAINT "voca_hard_records_voca_id_vocas_id_fk" FOREIGN KEY ("voca_id") REFERENCES "public"."vocas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voca_records" ADD CONSTRAINT "voca_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voca_records" ADD CONSTRAINT "voca_records_voca_id_vocas_id_fk" FOREIGN KEY ("voca_id") REFERENCES "public"."vocas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_events_event_created_at_idx" ON "product_events" USING btree ("event","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voca_hard_records_user_voca_key" ON "voca_hard_records" USING btree ("user_id","voca_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voca_records_user_voca_key" ON "voca_records" USING btree ("user_id","voca_id");