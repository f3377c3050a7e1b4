import type { Offer } from '@vocagarden/contract';
import { useEffect } from 'react';
import { usePremiumCatalogue } from '../api.ts';

/** Tells `onChange` the live offer (GET premium/plans/), or null, as it arrives or changes. Draws nothing. */
export function LiveOffer({ onChange }: { onChange(offer: Offer | null): void }) {
  const offer = usePremiumCatalogue().data?.offer ?? null;
  useEffect(() => onChange(offer), [offer, onChange]);
  return null;
}
