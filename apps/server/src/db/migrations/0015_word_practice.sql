CREATE TABLE "word_practice" (
	"user_id" integer NOT NULL,
	"voca_id" integer NOT NULL,
	"practiced_at" timestamp with time zone NOT NULL,
	"proven_at" timestamp with time zone,
	CONSTRAINT "word_practice_user_id_voca_id_pk" PRIMARY KEY("user_id","voca_id")
);
--> statement-breakpoint
ALTER TABLE "word_practice" ADD CONSTRAINT "word_practice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_practice" ADD CONSTRAINT "word_practice_voca_id_vocas_id_fk" FOREIGN KEY ("voca_id") REFERENCES "public"."vocas"("id") ON DELETE cascade ON UPDATE no action;