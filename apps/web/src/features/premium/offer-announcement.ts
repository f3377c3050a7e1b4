import type { Offer } from '@vocagarden/contract';

/** Spec §4: a flag in localStorage records that the discount popup was viewed (here: which offer's). */
export const DISCOUNT_POPUP_STORAGE_KEY = 'discountPopupViewed';

export function offerAlreadyAnnounced(offer: Offer): boolean {
  return localStorage.getItem(DISCOUNT_POPUP_STORAGE_KEY) === String(offer.id);
}
