// The sign-in, sign-up, password and welcome pages are loaded on demand by app/router.tsx, which
// imports the page modules themselves; they are not exported here.
export { AuthProvider, requestProfile, useAuth } from './auth-provider.tsx';
export { needsWelcome, signInPath } from './next-path.ts';
export { useNativeLanguage } from './use-native-language.ts';
export { ViewingAsBanner } from './viewing-as-banner.tsx';
