// The lists' pages (my-lists-page, bulletin-page) are loaded on demand by app/router.tsx and are
// not exported here: a page exported from an index would ride along into every chunk that uses it.
export { useBulletin, useMyLists } from './api.ts';
export { ListCard, type ListCardProps } from './components/list-card.tsx';
