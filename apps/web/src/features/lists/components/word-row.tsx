import type { Voca } from '@vocagarden/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { partOfSpeechLabel } from '../../../lib/part-of-speech.ts';
import { speakEnglish } from '../../../lib/speech.ts';
import { useRecordChange, type RecordSet } from '../../records/index.ts';
import { WordVideos } from './word-videos.tsx';

interface WordAction {
  key: string;
  label: string;
  /** A longer name for the icon button, where the row's word is not said by the menu around it. */
  buttonLabel?: string;
  Icon: typeof SvgIcon;
  disabled?: boolean;
  run: () => void;
}

/** Wide rows: each action is an icon button with a tooltip. */
function ActionButtons({ actions }: { actions: WordAction[] }) {
  return actions.map(({ key, label, buttonLabel, Icon, disabled, run }) => (
    <Tooltip key={key} title={label}>
      {/* A disabled button fires no events: the span lets the tooltip still explain it. */}
      <span>
        <IconButton aria-label={buttonLabel ?? label} disabled={disabled} onClick={run}>
          <Icon />
        </IconButton>
      </span>
    </Tooltip>
  ));
}

/** Phones: the actions behind one button, so word, IPA and translation keep the row's width. */
function ActionMenu({ word, actions }: { word: string; actions: WordAction[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('vocabulary.wordActions', { word })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {actions.map(({ key, label, Icon, disabled, run }) => (
          <MenuItem
            key={key}
            disabled={disabled}
            onClick={() => {
              close();
              run();
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * One word of a list: listen, mark known or challenging, remove from one's own list, details
 * (definition, example, accepted alternatives and the word's video clips, loaded when opened).
 * Below the sm breakpoint the marks and removals move into a menu.
 */
export function WordRow({
  word,
  status,
  onRemoveFromList,
}: {
  word: Voca;
  status: RecordSet | undefined;
  /** Only on the learner's own list. */
  onRemoveFromList?: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const change = useRecordChange();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const ask = async (messageKey: string, apply: () => void) => {
    if (await confirm({ message: t(messageKey, { word: word.the_word }) })) apply();
  };
  const actions: WordAction[] = [
    {
      key: 'known',
      label: t('vocabulary.markKnown'),
      Icon: CheckCircleOutlineIcon,
      disabled: status === 'known',
      run: () => ask('vocabulary.confirmKnown', () => change.mutate({ action: 'mark', set: 'known', ids: [word.id] })),
    },
    {
      key: 'hard',
      label: t('vocabulary.markChallenging'),
      Icon: LocalFireDepartmentOutlinedIcon,
      disabled: status === 'hard',
      run: () =>
        ask('vocabulary.confirmChallenging', () => change.mutate({ action: 'mark', set: 'hard', ids: [word.id] })),
    },
    ...(status
      ? [
          {
            key: 'unmark',
            label: t('vocabulary.removeMark'),
            Icon: RemoveCircleOutlineIcon,
            run: () =>
              ask('vocabulary.confirmRemove', () => change.mutate({ action: 'unmark', set: status, id: word.id })),
          },
        ]
      : []),
    ...(onRemoveFromList
      ? [
          {
            key: 'remove',
            label: t('lists.removeWord'),
            buttonLabel: t('lists.removeWordNamed', { word: word.the_word }),
            Icon: DeleteOutlineIcon,
            run: () => ask('lists.confirmRemoveWord', onRemoveFromList),
          },
        ]
      : []),
  ];
  const chip =
    status === 'known' ? (
      <Chip size="small" color="success" label={t('vocabulary.known')} />
    ) : status === 'hard' ? (
      <Chip size="small" color="warning" label={t('vocabulary.challenging')} />
    ) : null;
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 1, sm: 2 } }} data-testid={`word-${word.id}`}>
      <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('vocabulary.listen', { word: word.the_word })}
          onClick={() => speakEnglish(word.the_word)}
          size="small"
        >
          <VolumeUpOutlinedIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'break-word' }}>
          <Typography component="span" sx={{ fontWeight: 600 }} lang="en">
            {word.the_word}
          </Typography>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {partOfSpeechLabel(t, word.pos)}
            {word.ipa ? ' · ' : ''}
            {word.ipa && (
              // A transcription broken in two reads as two; it moves to the next line whole.
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {word.ipa}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" data-testid="translation">
            {word.translation ?? word.definition}
          </Typography>
          {phone && chip && <Box sx={{ mt: 0.5 }}>{chip}</Box>}
        </Box>
        {!phone && chip}
        {phone ? <ActionMenu word={word.the_word} actions={actions} /> : <ActionButtons actions={actions} />}
        <IconButton
          aria-label={t('vocabulary.details')}
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen(!open)}
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
        >
          <ExpandMoreIcon />
        </IconButton>
      </Stack>
      <Collapse in={open} unmountOnExit id={detailsId}>
        <Box sx={{ pl: { xs: 1, sm: 6 }, pb: 1 }}>
          <Typography variant="body2">
            <strong>{t('vocabulary.definition')}:</strong> {word.definition}
          </Typography>
          <Typography variant="body2" sx={{ fontStyle: 'italic' }} lang="en">
            “{word.example}”
          </Typography>
          {word.alternatives.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('vocabulary.alsoAccepted')}: {word.alternatives.join(', ')}
            </Typography>
          )}
          <WordVideos wordId={word.id} />
        </Box>
      </Collapse>
    </ListItem>
  );
}
