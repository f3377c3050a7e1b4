import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface EndStat {
  /** Names the figure for tests: `summary-<id>`. */
  id: string;
  value: number | string;
  /** Agrees with the value (plural forms). */
  label: string;
}

/**
 * A finished session: what it did, then where to go. Focus moves to the way out, so Enter leaves
 * without a Tab first; screen readers hear the figures with it.
 */
export function EndScreen({
  title,
  stats,
  back,
  onRestart,
}: {
  title: string;
  stats: EndStat[];
  /** Where the session came from; the home page is offered besides unless it is that. */
  back: { to: string; label: string };
  onRestart?: () => void;
}) {
  const { t } = useTranslation();
  const figuresId = useId();
  const backRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }} data-testid="study-end">
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      <Box
        id={figuresId}
        sx={{
          display: 'grid',
          gap: 2,
          width: '100%',
          // Two a row on phones, unless an odd number fits on one.
          gridTemplateColumns: {
            xs: `repeat(${stats.length % 2 === 0 ? 2 : stats.length}, 1fr)`,
            sm: `repeat(${stats.length}, 1fr)`,
          },
        }}
      >
        {stats.map((stat) => (
          <Box key={stat.id}>
            <Typography variant="h4" component="p" color="primary" data-testid={`summary-${stat.id}`}>
              {stat.value}
            </Typography>
            <Typography color="text.secondary">{stat.label}</Typography>
          </Box>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button ref={backRef} component={RouterLink} to={back.to} variant="contained" aria-describedby={figuresId}>
          {back.label}
        </Button>
        {onRestart && (
          <Button variant="outlined" onClick={onRestart}>
            {t('study.again')}
          </Button>
        )}
        {back.to !== '/home' && (
          <Button component={RouterLink} to="/home" variant="text">
            {t('nav.home')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
