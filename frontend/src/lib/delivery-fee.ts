// The delivery fee by weight, exactly as crates/pricing/src/delivery.rs works it out (the shared
// vectors hold the cases): the first band the parcel fits in; past the last band, that band's fee
// plus the step's fee for each further step begun; nothing when the goods (GST included) reach
// the zone's free-delivery amount, or when there is nothing to carry (services weigh 0 g).
import { toPaise, type Paise } from '@/lib/money';

export interface WeightRate {
  bands: readonly { upToGrams: number; feePaise: Paise }[];
  further: { grams: number; feePaise: Paise };
  freeAbovePaise: Paise | null;
}

export function deliveryFee(rate: WeightRate, weightGrams: number, itemsTotal: Paise): Paise {
  if (weightGrams === 0 || (rate.freeAbovePaise !== null && itemsTotal >= rate.freeAbovePaise)) return 0;
  const band = rate.bands.find((b) => weightGrams <= b.upToGrams);
  if (band) return band.feePaise;
  const last = rate.bands[rate.bands.length - 1];
  if (!last) return 0;
  const steps = Math.ceil((weightGrams - last.upToGrams) / rate.further.grams);
  return last.feePaise + steps * rate.further.feePaise;
}

/** The zone's rate as the API sends it (rupees) in paise. */
export const weightRate = (rate: {
  bands: readonly { up_to_grams: number; fee: number }[];
  further: { grams: number; fee: number };
  free_above: number | null;
}): WeightRate => ({
  bands: rate.bands.map((b) => ({ upToGrams: b.up_to_grams, feePaise: toPaise(b.fee) })),
  further: { grams: rate.further.grams, feePaise: toPaise(rate.further.fee) },
  freeAbovePaise: rate.free_above === null ? null : toPaise(rate.free_above),
});
