import {
  DEFAULT_NATIVE_LANGUAGE,
  isUiLanguage,
  type ListSummary,
  type UiLanguage,
  type Voca,
  type WordVideoClip,
} from '@vocagarden/contract';
import type { Authenticated } from '../auth/tokens.repository.ts';
import type { BulletinRow, VocaRow, WordVideoRow } from './vocabulary.repository.ts';

/** Signed-in users read in their native language; anonymous visitors in the spec's default (Turkish). */
export function readerLanguage(caller: Authenticated | null): UiLanguage {
  const code = caller?.user.nativeLanguageCode;
  return isUiLanguage(code) ? code : DEFAULT_NATIVE_LANGUAGE;
}

export function serializeVoca(row: VocaRow, language: UiLanguage, withAllTranslations = false): Voca {
  const own = language === 'en' ? [] : row.translations[language];
  return {
    id: row.id,
    the_word: row.word,
    pos: row.pos,
    level: row.level as Voca['level'],
    ipa: row.ipa,
    definition: row.definition,
    example: row.example,
    translation: own[0] ?? null,
    alternatives: own.slice(1),
    same_translation: language === 'en' ? [] : (row.sameTranslation[language] ?? []),
    ...(withAllTranslations ? { translations: row.translations } : {}),
  };
}

export function serializeListSummary(row: BulletinRow, language: UiLanguage): ListSummary {
  const title = row.titleTranslations?.[language] ?? row.title;
  return {
    id: row.id,
    title,
    graphic_uri: row.graphicUri,
    alt: title,
    lexicon: row.wordIds.join('-'),
    quantity: row.wordIds.length,
    is_premium: row.isPremium,
  };
}

/**
 * The player URL of a clip, on the hosts the CSP's frame-src allows: YouTube's privacy-enhanced
 * player (no cookie until played; no related videos from other channels, inline on phones) from
 * start to end, or Vimeo's from start (Vimeo's embed has no end).
 */
export function embedUrl(clip: Pick<WordVideoRow, 'provider' | 'videoId' | 'startSeconds' | 'endSeconds'>): string {
  const id = encodeURIComponent(clip.videoId);
  return clip.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?start=${clip.startSeconds}&end=${clip.endSeconds}&rel=0&playsinline=1`
    : `https://player.vimeo.com/video/${id}#t=${clip.startSeconds}s`;
}

export function serializeVideoClip(clip: WordVideoRow): WordVideoClip {
  return {
    provider: clip.provider,
    embed_url: embedUrl(clip),
    start: clip.startSeconds,
    end: clip.endSeconds,
    caption: clip.caption,
  };
}
