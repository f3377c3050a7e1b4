import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LearnSession } from './learn-session.tsx';
import { ListSession } from './list-session.tsx';
import { ReviewSession } from './review-session.tsx';

/**
 * /play/{id}: a list's typing session; /play/{id}?mode=learn: its Learn mode (decision 019);
 * /play/review: the due reviews.
 */
export function PlayPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (id !== 'review' && !/^\d+$/.test(id)) void navigate('/404', { replace: true });
  }, [id, navigate]);
  const session =
    id === 'review' ? (
      <ReviewSession />
    ) : params.get('mode') === 'learn' ? (
      <LearnSession id={id} />
    ) : (
      <ListSession id={id} />
    );
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="sm">{session}</Container>
    </Box>
  );
}
