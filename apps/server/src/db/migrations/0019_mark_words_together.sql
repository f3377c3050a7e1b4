-- Marks of several learners made at the same moment are applied together (decision 031): one call,
-- one transaction, one commit for all of them, so the cost of a commit (its WAL flush) is shared.
-- The call takes distinct (learner, word) pairs, added in their order; a learner marking alone is the
-- case of one learner. The learners' progress locks are taken first and in ascending order, so two
-- calls never deadlock.
-- Otherwise as 0018: out of the opposite set, onto the review schedule with the first card FSRS
-- gives (`first_card`, a review_cards row as JSON), into this set; answers this set's row of every
-- pair.
DROP FUNCTION mark_words(integer, integer[], boolean, integer, jsonb);
--> statement-breakpoint
CREATE FUNCTION mark_words(learners integer[], words integer[], hard boolean, lock_class integer, first_card jsonb)
  RETURNS TABLE (user_id integer, id integer, voca_id integer, created_at timestamptz)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  learner integer;
BEGIN
  FOR learner IN SELECT DISTINCT l FROM unnest(learners) AS l ORDER BY l LOOP
    PERFORM pg_advisory_xact_lock(lock_class, learner);
  END LOOP;
  IF hard THEN
    DELETE FROM voca_records AS r USING unnest(learners, words) AS m(learner, word)
      WHERE r.user_id = m.learner AND r.voca_id = m.word;
  ELSE
    DELETE FROM voca_hard_records AS r USING unnest(learners, words) AS m(learner, word)
      WHERE r.user_id = m.learner AND r.voca_id = m.word;
  END IF;
  -- Existing schedules are kept: marking proves nothing.
  INSERT INTO review_cards (user_id, voca_id, due, stability, difficulty, elapsed_days, scheduled_days,
                            learning_steps, reps, lapses, state, last_review)
    SELECT m.learner, m.word, card.due, card.stability, card.difficulty,
           card.elapsed_days, card.scheduled_days, card.learning_steps, card.reps, card.lapses, card.state,
           card.last_review
    FROM unnest(learners, words) AS m(learner, word), jsonb_populate_record(NULL::review_cards, first_card) AS card
    ON CONFLICT (user_id, voca_id) DO NOTHING;
  -- A row already there is "updated" to itself so that RETURNING gives it too.
  IF hard THEN
    RETURN QUERY
      INSERT INTO voca_hard_records AS r (user_id, voca_id)
        SELECT m.learner, m.word FROM unnest(learners, words) AS m(learner, word)
      ON CONFLICT (user_id, voca_id) DO UPDATE SET voca_id = excluded.voca_id
      RETURNING r.user_id, r.id, r.voca_id, r.created_at;
  ELSE
    RETURN QUERY
      INSERT INTO voca_records AS r (user_id, voca_id)
        SELECT m.learner, m.word FROM unnest(learners, words) AS m(learner, word)
      ON CONFLICT (user_id, voca_id) DO UPDATE SET voca_id = excluded.voca_id
      RETURNING r.user_id, r.id, r.voca_id, r.created_at;
  END IF;
END
$$;
