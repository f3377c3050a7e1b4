-- Marking words known or challenging (records.service, decision 026) as one prepared call: under the
-- learner's progress lock, out of the opposite set, onto the review schedule with the first card
-- FSRS gives (`first_card`, a review_cards row as JSON), into this set; answers this set's rows for
-- the words. PL/pgSQL keeps each statement's plan for the connection, and each statement takes its
-- snapshot after the lock is held, so known and challenging cannot both win.
CREATE FUNCTION mark_words(learner integer, words integer[], hard boolean, lock_class integer, first_card jsonb)
  RETURNS TABLE (id integer, voca_id integer, created_at timestamptz)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_xact_lock(lock_class, learner);
  IF hard THEN
    DELETE FROM voca_records AS r WHERE r.user_id = learner AND r.voca_id = ANY (words);
  ELSE
    DELETE FROM voca_hard_records AS r WHERE r.user_id = learner AND r.voca_id = ANY (words);
  END IF;
  -- Existing schedules are kept: marking proves nothing.
  INSERT INTO review_cards (user_id, voca_id, due, stability, difficulty, elapsed_days, scheduled_days,
                            learning_steps, reps, lapses, state, last_review)
    SELECT learner, word, card.due, card.stability, card.difficulty, card.elapsed_days, card.scheduled_days,
           card.learning_steps, card.reps, card.lapses, card.state, card.last_review
    FROM unnest(words) AS word, jsonb_populate_record(NULL::review_cards, first_card) AS card
    ON CONFLICT (user_id, voca_id) DO NOTHING;
  -- A row already there is "updated" to itself so that RETURNING gives it too.
  IF hard THEN
    RETURN QUERY
      INSERT INTO voca_hard_records AS r (user_id, voca_id) SELECT learner, word FROM unnest(words) AS word
      ON CONFLICT (user_id, voca_id) DO UPDATE SET voca_id = excluded.voca_id
      RETURNING r.id, r.voca_id, r.created_at;
  ELSE
    RETURN QUERY
      INSERT INTO voca_records AS r (user_id, voca_id) SELECT learner, word FROM unnest(words) AS word
      ON CONFLICT (user_id, voca_id) DO UPDATE SET voca_id = excluded.voca_id
      RETURNING r.id, r.voca_id, r.created_at;
  END IF;
END
$$;
