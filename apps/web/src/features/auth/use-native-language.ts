import { DEFAULT_NATIVE_LANGUAGE, type UiLanguage } from '@vocagarden/contract';
import { useAuth } from './auth-provider.tsx';

/** The signed-in learner's native language (translations, answers); Turkish until the profile says otherwise. */
export function useNativeLanguage(): UiLanguage {
  return useAuth().user?.native_language_code ?? DEFAULT_NATIVE_LANGUAGE;
}
