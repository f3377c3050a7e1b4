// Nothing here is used by other features. This feature's pages are loaded on demand by
// app/router.tsx, which imports the page modules themselves: a page exported from an index would
// ride along into every chunk that imports the index.
export {};
