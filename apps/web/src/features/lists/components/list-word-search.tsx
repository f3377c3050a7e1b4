import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import CheckIcon from '@mui/icons-material/Check';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/snackbar-provider.tsx';
import { useAddWords, useWordSearch } from '../api.ts';

/** On one's own list: find words by English headword or translation and add them. */
export function ListWordSearch({ listId, wordIds }: { listId: number; wordIds: Set<number> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const results = useWordSearch(useDeferredValue(query));
  const add = useAddWords();
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('lists.addWords')}
      </Typography>
      <TextField
        label={t('lists.searchWords')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        type="search"
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      {results.data?.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('lists.noMatches')}
        </Alert>
      )}
      {results.data && results.data.length > 0 && (
        <List dense aria-label={t('lists.searchResults')}>
          {results.data.map((word) => {
            const inList = wordIds.has(word.id);
            return (
              <ListItem
                key={word.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('lists.addWord', { word: word.the_word })}
                    disabled={inList}
                    onClick={() =>
                      add.mutate(
                        { id: listId, vocaIds: [word.id] },
                        { onError: () => notify(t('snackbar.saveFailed'), 'error') },
                      )
                    }
                  >
                    {inList ? <CheckIcon color="success" /> : <AddCircleOutlineIcon />}
                  </IconButton>
                }
              >
                <ListItemText
                  primary={`${word.the_word} · ${word.level}`}
                  secondary={word.translation ?? word.definition}
                  slotProps={{ primary: { lang: 'en' } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
