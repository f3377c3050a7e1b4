export { NotFoundPage } from './not-found-page.tsx';
export { NotAllowedPage } from './not-allowed-page.tsx';
