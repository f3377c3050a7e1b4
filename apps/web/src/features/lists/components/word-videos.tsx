import type { WordVideoClip } from '@vocagarden/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PremiumUpsell } from '../../premium/index.ts';
import { useWordVideos } from '../api.ts';

const hostNames: Record<WordVideoClip['provider'], string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * One clip as a privacy-friendly facade: its caption and a Play button. Nothing is loaded from the
 * video's host until Play is pressed; then the player's iframe takes the button's place (and focus).
 */
function VideoClip({ clip }: { clip: WordVideoClip }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement>(null);
  const captionId = useId();
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  return (
    <Paper variant="outlined" sx={{ p: 1, overflow: 'hidden' }} data-testid="word-video">
      {playing ? (
        <Box sx={{ width: '100%', maxWidth: 560, aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1 }}>
          <iframe
            ref={player}
            src={clip.embed_url}
            title={clip.caption}
            allow="encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-presentation"
            loading="lazy"
            style={{ display: 'block', width: '100%', height: '100%', border: 0, borderRadius: 'inherit' }}
          />
        </Box>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: playing ? 1 : 0 }}>
        {!playing && (
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrowRoundedIcon />}
            aria-describedby={captionId}
            onClick={() => setPlaying(true)}
            sx={{ flexShrink: 0 }}
          >
            {t('vocabulary.videos.play')}
          </Button>
        )}
        <Typography id={captionId} variant="body2" lang="en" sx={{ fontStyle: 'italic', minWidth: 0 }}>
          “{clip.caption}”
        </Typography>
      </Stack>
      {!playing && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('vocabulary.videos.playerNotice', { host: hostNames[clip.provider] })}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * A word's video clips, loaded when its details open: as many as the learner's plan allows, and
 * the premium upsell for the rest. Nothing is shown for a word without clips.
 */
export function WordVideos({ wordId }: { wordId: number }) {
  const { t } = useTranslation();
  const videos = useWordVideos(wordId);
  const [upsell, setUpsell] = useState(false);
  const headingId = useId();

  if (videos.isPending) {
    return <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} aria-label={t('vocabulary.videos.loading')} />;
  }
  if (videos.isError) {
    return (
      <Typography variant="body2" color="error" sx={{ mt: 1 }}>
        {t('vocabulary.videos.failed')}
      </Typography>
    );
  }
  const { clips, total } = videos.data;
  if (total === 0) return null;
  const more = total - clips.length;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('vocabulary.videos.title')}
      </Typography>
      <Stack spacing={1}>
        {clips.map((clip) => (
          <VideoClip key={clip.embed_url} clip={clip} />
        ))}
      </Stack>
      {more > 0 && (
        <>
          <Button
            size="small"
            color="secondary"
            startIcon={<WorkspacePremiumOutlinedIcon />}
            onClick={() => setUpsell(true)}
            sx={{ mt: 0.5 }}
          >
            {t('vocabulary.videos.moreWithPremium', { count: more })}
          </Button>
          <PremiumUpsell open={upsell} onClose={() => setUpsell(false)} />
        </>
      )}
    </Box>
  );
}
