import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ListSession } from './list-session.tsx';
import { ReviewSession } from './review-session.tsx';

/** /play/{id}: the study session for a list; /play/review: the due reviews. */
export function PlayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    if (id !== 'review' && !/^\d+$/.test(id)) void navigate('/404', { replace: true });
  }, [id, navigate]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth="sm">{id === 'review' ? <ReviewSession /> : <ListSession id={id} />}</Container>
    </Box>
  );
}
