import type { ListSummary } from '@vocagarden/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lockedCardSx } from '../../../components/locked-card.ts';
import { PremiumChip } from '../../../components/premium-chip.tsx';
import { WordProgress } from '../../records/index.ts';

export interface ListCardProps {
  list: Pick<ListSummary, 'id' | 'title' | 'graphic_uri' | 'alt' | 'lexicon' | 'quantity'>;
  /** Premium-only lists are dimmed for learners without premium (spec §2), with a lock and "Premium". */
  locked?: boolean;
  /** Classroom list cards show no progress (spec §2). */
  showProgress?: boolean;
  /** A menu button shown in the card's corner (e.g. Edit, Delete). */
  menu?: ReactNode;
  onOpen(): void;
}

export function ListCard({ list, locked = false, showProgress = true, menu, onOpen }: ListCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      sx={[{ height: '100%', position: 'relative' }, locked && lockedCardSx]}
      data-testid={`list-card-${list.id}`}
      data-locked={locked}
    >
      {menu && <Box sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>{menu}</Box>}
      <CardActionArea
        onClick={onOpen}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CardMedia
          component="img"
          image={list.graphic_uri}
          alt={list.alt}
          sx={{ aspectRatio: '16 / 10', objectFit: 'cover' }}
        />
        <CardContent sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: showProgress ? 1 : 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {list.title}
            </Typography>
            {locked && <PremiumChip />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: showProgress ? 1 : 0 }}>
            {t('vocabulary.wordCount', { count: list.quantity })}
          </Typography>
          {showProgress && <WordProgress lexicon={list.lexicon} quantity={list.quantity} />}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
