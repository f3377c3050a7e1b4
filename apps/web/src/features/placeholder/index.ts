export { UnderConstructionPage } from './under-construction-page.tsx';
