export { LandingPage } from './landing-page.tsx';
