-- Each instance keeps learners' known and challenging words in memory (decision 030). Every change to
-- them is announced on this channel with the learner's id ('*' when a table is emptied), once per
-- learner and statement: marking a thousand words is one statement and one announcement.
CREATE FUNCTION notify_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vocagarden_records', '*');
  ELSE
    PERFORM pg_notify('vocagarden_records', learner::text) FROM (SELECT DISTINCT user_id AS learner FROM changed) AS learners;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER voca_records_insert AFTER INSERT ON voca_records
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_records_update AFTER UPDATE ON voca_records
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_records_delete AFTER DELETE ON voca_records
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_records_truncate AFTER TRUNCATE ON voca_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_hard_records_insert AFTER INSERT ON voca_hard_records
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_hard_records_update AFTER UPDATE ON voca_hard_records
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_hard_records_delete AFTER DELETE ON voca_hard_records
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
--> statement-breakpoint
CREATE TRIGGER voca_hard_records_truncate AFTER TRUNCATE ON voca_hard_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_record_change();
