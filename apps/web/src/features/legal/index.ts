export { LegalPage } from './legal-page.tsx';
