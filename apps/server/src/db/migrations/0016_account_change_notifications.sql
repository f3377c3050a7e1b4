-- Each instance keeps signed-in accounts in memory (decision 026). Every change to what it keeps —
-- the user, their tokens, their premium plans — is announced on this channel with the user's id
-- ('*' when a whole table is emptied), whoever makes it: a request on any instance, a job, a CLI.
CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vocagarden_accounts', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('vocagarden_accounts', to_jsonb(OLD) ->> TG_ARGV[0]);
  ELSE
    PERFORM pg_notify('vocagarden_accounts', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_account_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_change('id');
--> statement-breakpoint
CREATE TRIGGER users_account_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_account_change AFTER UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_account_change('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_tokens_account_truncate AFTER TRUNCATE ON auth_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
--> statement-breakpoint
CREATE TRIGGER premium_subscriptions_account_change AFTER INSERT OR UPDATE OR DELETE ON premium_subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_account_change('user_id');
--> statement-breakpoint
CREATE TRIGGER premium_subscriptions_account_truncate AFTER TRUNCATE ON premium_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
