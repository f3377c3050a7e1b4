// The not-found page is loaded on demand by app/router.tsx, which imports the page module itself.
export { NotAllowedPage } from './not-allowed-page.tsx';
