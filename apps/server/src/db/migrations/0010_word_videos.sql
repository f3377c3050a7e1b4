CREATE TABLE "word_videos" (
	"voca_id" integer NOT NULL,
	"position" integer NOT NULL,
	"provider" text NOT NULL,
	"video_id" text NOT NULL,
	"start_seconds" integer NOT NULL,
	"end_seconds" integer NOT NULL,
	"caption" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "word_videos_voca_id_position_pk" PRIMARY KEY("voca_id","position"),
	CONSTRAINT "word_videos_provider_known" CHECK ("word_videos"."provider" IN ('youtube', 'vimeo')),
	CONSTRAINT "word_videos_span" CHECK ("word_videos"."start_seconds" >= 0 AND "word_videos"."end_seconds" > "word_videos"."start_seconds" AND "word_videos"."end_seconds" - "word_videos"."start_seconds" <= 60)
);
--> statement-breakpoint
ALTER TABLE "word_videos" ADD CONSTRAINT "word_videos_voca_id_vocas_id_fk" FOREIGN KEY ("voca_id") REFERENCES "public"."vocas"("id") ON DELETE cascade ON UPDATE no action;