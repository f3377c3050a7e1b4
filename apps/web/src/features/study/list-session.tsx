import type { BulletinDetail } from '@vocagarden/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListGate } from './list-gate.tsx';
import { StudySession } from './study-session.tsx';
import { startListSession } from './session.ts';

/** One list's typing session; "Study again" starts a fresh round. */
function ListRounds({ list }: { list: BulletinDetail }) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  return (
    <StudySession
      key={round}
      title={list.title}
      initial={startListSession(list.words)}
      back={{ to: `/bulletin/${list.id}`, label: t('study.back') }}
      bulletinId={list.id}
      onRestart={() => setRound(round + 1)}
    />
  );
}

/** /play/{id}: studies one list by sorting, teaching and typing. */
export function ListSession({ id }: { id: string }) {
  return <ListGate id={id}>{(list) => <ListRounds list={list} />}</ListGate>;
}
