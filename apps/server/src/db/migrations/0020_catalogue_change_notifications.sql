-- Each instance keeps every word's id and those of the free official lists in memory (decision 031).
-- A change to words or to official lists, by an import or an operator, is announced on this channel
-- ('*': every instance reads them again), once per statement. Personal lists change every minute
-- and are not announced.
CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only bulletins' row triggers have the transition table `changed`.
  IF TG_TABLE_NAME = 'bulletins' AND TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed WHERE owner_id IS NULL) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('vocagarden_catalogue', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vocas_insert AFTER INSERT ON vocas FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER vocas_delete AFTER DELETE ON vocas FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER vocas_truncate AFTER TRUNCATE ON vocas FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER bulletins_insert AFTER INSERT ON bulletins
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER bulletins_update AFTER UPDATE ON bulletins
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER bulletins_delete AFTER DELETE ON bulletins
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER bulletins_truncate AFTER TRUNCATE ON bulletins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
