export { AuthProvider, requestProfile, useAuth } from './auth-provider.tsx';
export { ForgotPasswordPage } from './forgot-password-page.tsx';
export { LoginPage } from './login-page.tsx';
export { needsWelcome, signInPath } from './next-path.ts';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { SignupPage } from './signup-page.tsx';
export { useNativeLanguage } from './use-native-language.ts';
export { ViewingAsBanner } from './viewing-as-banner.tsx';
export { WelcomePage } from './welcome-page.tsx';
