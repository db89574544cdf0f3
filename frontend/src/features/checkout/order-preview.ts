// The order as checkout will price it, worked out here exactly as the server does (crates/orders,
// pricing::tax_in): GST is taken out of each line's inclusive price; where the place of supply is
// the shop's home state CGST and SGST are each worked out at half the rate and rounded (so they
// are equal), elsewhere it is all IGST, rounded once; the delivery charge is the PIN code's zone's
// fee for the parcel's weight (free from the zone's amount), part of the supply, spread over the
// lines by value and taxed at each line's rate. The place of supply is the GSTIN's state for a
// registered buyer, else the delivery state (IGST Act s. 10).
import { deliveryFee, type WeightRate } from '@/lib/delivery-fee';
import { divRoundHalfAway, type Paise } from '@/lib/money';
import type { PricedLine } from '@/lib/pricing';
import { gstinState } from '@/lib/gst-states';
import type { PlaceOfSupply } from '@/types/orders';

export interface GstSplit {
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface OrderPreview extends GstSplit {
  itemCount: number;
  /** What the lines cost, GST included. */
  itemsTotal: Paise;
  /** The taxable value: the items without GST. */
  subtotal: Paise;
  tax: Paise;
  /** The delivery charge, GST included: `shippingTaxable + shippingTax` (0 until the zone is known). */
  shipping: Paise;
  /** Whether the delivery charge is known: the PIN code's zone has answered. */
  shippingKnown: boolean;
  /** What the parcel weighs. */
  weightGrams: number;
  shippingTaxable: Paise;
  shippingTax: Paise;
  /** The GST of the delivery charge, split as the goods' (zero until the place is known). */
  shippingSplit: GstSplit;
  total: Paise;
  /** Null until the delivery state is known: the tax is then shown whole. */
  place: PlaceOfSupply | null;
}

/** A cart line with one unit's shipping weight. */
export interface WeighedLine extends PricedLine {
  weightGrams: number;
}

/** The GST inside a line: price × quantity × rate / (1 + rate), rounded half away from zero. */
export function lineTax({ pricePaise, quantity, gstBasisPoints }: PricedLine): Paise {
  const gross = BigInt(pricePaise) * BigInt(quantity);
  const bp = BigInt(gstBasisPoints);
  return Number(divRoundHalfAway(gross * bp, 10000n + bp));
}

/**
 * The GST inside `gross` at the rate, by place: inter-state one rounding of IGST; intra-state CGST
 * and SGST each `gross × (rate/2) / (1 + rate)`, rounded half away from zero, so always equal.
 */
export function taxIn(gross: Paise, gstBasisPoints: number, place: PlaceOfSupply): GstSplit {
  const bp = BigInt(gstBasisPoints);
  const numerator = BigInt(gross) * bp;
  if (place === 'inter_state') return { cgst: 0, sgst: 0, igst: Number(divRoundHalfAway(numerator, 10000n + bp)) };
  const half = Number(divRoundHalfAway(numerator, 2n * (10000n + bp)));
  return { cgst: half, sgst: half, igst: 0 };
}

const taxOf = (split: GstSplit): Paise => split.cgst + split.sgst + split.igst;

/** The state of the place of supply: a registered buyer's GSTIN's state, else the delivery state. */
export function supplyState(deliveryState: string, gstin: string): string {
  return gstinState(gstin) ?? deliveryState;
}

const fold = (state: string) => state.trim().toLocaleLowerCase('en');

/** Intra-state when the place of supply is the shop's home state (names compared ignoring case). */
export function placeOfSupply(homeState: string, supplyState: string): PlaceOfSupply | null {
  if (fold(supplyState) === '') return null;
  return fold(homeState) === fold(supplyState) ? 'intra_state' : 'inter_state';
}

export interface ShippingShare {
  gross: Paise;
  /** The GST in it as one rounding (the share's tax before the place of supply is known). */
  tax: Paise;
}

/**
 * The delivery charge spread over lines of these values (GST included) and rates, exactly as
 * crates/pricing/src/shipping.rs does: whole paise in proportion to value, the paise left over
 * one each to the largest remainders (the earlier line on a tie); each share's GST taken out at
 * its line's rate, rounded half away from zero.
 */
export function apportionShipping(fee: Paise, lines: readonly { gross: Paise; gstBasisPoints: number }[]): ShippingShare[] {
  const value = lines.reduce((sum, line) => sum + BigInt(line.gross), 0n);
  if (lines.length === 0 || value <= 0n || fee < 0) return [];
  const exact = lines.map((line) => BigInt(fee) * BigInt(line.gross));
  const gross = exact.map((share) => share / value);
  let left = BigInt(fee) - gross.reduce((sum, share) => sum + share, 0n);
  const order = exact.map((share, index) => ({ remainder: share % value, index }));
  order.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    gross[index] = (gross[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return lines.map((line, index) => {
    const share = gross[index] ?? 0n;
    const bp = BigInt(line.gstBasisPoints);
    return { gross: Number(share), tax: Number(divRoundHalfAway(share * bp, 10000n + bp)) };
  });
}

/** The order as it will be placed; `rate` is the delivery zone's, null until it is known. */
export function orderPreview(lines: readonly WeighedLine[], place: PlaceOfSupply | null, rate: WeightRate | null): OrderPreview {
  const preview: OrderPreview = {
    itemCount: 0,
    itemsTotal: 0,
    subtotal: 0,
    tax: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    shipping: 0,
    shippingKnown: rate !== null,
    weightGrams: 0,
    shippingTaxable: 0,
    shippingTax: 0,
    shippingSplit: { cgst: 0, sgst: 0, igst: 0 },
    total: 0,
    place,
  };
  for (const line of lines) {
    const gross = line.pricePaise * line.quantity;
    preview.itemCount += line.quantity;
    preview.itemsTotal += gross;
    preview.weightGrams += line.weightGrams * line.quantity;
    if (place) {
      const split = taxIn(gross, line.gstBasisPoints, place);
      preview.cgst += split.cgst;
      preview.sgst += split.sgst;
      preview.igst += split.igst;
      preview.tax += taxOf(split);
    } else {
      preview.tax += lineTax(line);
    }
  }
  preview.subtotal = preview.itemsTotal - preview.tax;
  preview.shipping = lines.length === 0 || rate === null ? 0 : deliveryFee(rate, preview.weightGrams, preview.itemsTotal);
  const shares = apportionShipping(
    preview.shipping,
    lines.map((line) => ({ gross: line.pricePaise * line.quantity, gstBasisPoints: line.gstBasisPoints })),
  );
  shares.forEach((share, index) => {
    const line = lines[index];
    if (place && line) {
      const split = taxIn(share.gross, line.gstBasisPoints, place);
      preview.shippingSplit.cgst += split.cgst;
      preview.shippingSplit.sgst += split.sgst;
      preview.shippingSplit.igst += split.igst;
      preview.shippingTax += taxOf(split);
    } else {
      preview.shippingTax += share.tax;
    }
  });
  preview.shippingTaxable = preview.shipping - preview.shippingTax;
  preview.total = preview.itemsTotal + preview.shipping;
  return preview;
}
