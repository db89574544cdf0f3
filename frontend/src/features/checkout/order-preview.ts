// The order as checkout will price it, worked out here exactly as the server does (crates/orders):
// GST is taken out of each line's inclusive price and rounded once per line; in the shop's home
// state as CGST and SGST at half the rate each (always equal), elsewhere all of it as IGST;
// the delivery charge is the PIN code's zone's fee for the parcel's weight (free from the zone's
// amount), part of the supply, spread over the lines by value and taxed at each line's rate.
import { deliveryFee, type WeightRate } from '@/lib/delivery-fee';
import { divRoundHalfAway, type Paise } from '@/lib/money';
import type { PricedLine } from '@/lib/pricing';
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

/**
 * The GST inside `gross` paise at `gstBasisPoints`, as crates/pricing takes it apart: across
 * states (or while the place is not known) rate / (1 + rate) of it, rounded half away from zero;
 * within the state CGST and SGST each at half the rate, each rounded the same way, so they are
 * always equal (the taxable value absorbs the odd paisa).
 */
export function taxOf(gross: Paise, gstBasisPoints: number, place: PlaceOfSupply | null): GstSplit & { tax: Paise } {
  const bp = BigInt(gstBasisPoints);
  if (place === 'intra_state') {
    const half = Number(divRoundHalfAway(BigInt(gross) * bp, 2n * (10000n + bp)));
    return { tax: 2 * half, cgst: half, sgst: half, igst: 0 };
  }
  const tax = Number(divRoundHalfAway(BigInt(gross) * bp, 10000n + bp));
  return { tax, cgst: 0, sgst: 0, igst: place === 'inter_state' ? tax : 0 };
}

const fold = (state: string) => state.trim().toLocaleLowerCase('en');

/** Intra-state when delivering in the shop's home state (names compared ignoring case). */
export function placeOfSupply(homeState: string, deliveryState: string): PlaceOfSupply | null {
  if (fold(deliveryState) === '') return null;
  return fold(homeState) === fold(deliveryState) ? 'intra_state' : 'inter_state';
}

export interface ShippingShare {
  gross: Paise;
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
    const split = taxOf(gross, line.gstBasisPoints, place);
    preview.itemCount += line.quantity;
    preview.itemsTotal += gross;
    preview.weightGrams += line.weightGrams * line.quantity;
    preview.tax += split.tax;
    preview.cgst += split.cgst;
    preview.sgst += split.sgst;
    preview.igst += split.igst;
  }
  preview.subtotal = preview.itemsTotal - preview.tax;
  preview.shipping = lines.length === 0 || rate === null ? 0 : deliveryFee(rate, preview.weightGrams, preview.itemsTotal);
  const shares = apportionShipping(
    preview.shipping,
    lines.map((line) => ({ gross: line.pricePaise * line.quantity, gstBasisPoints: line.gstBasisPoints })),
  );
  // Each share taken apart at its line's rate and place, as a line is.
  shares.forEach((share, index) => {
    const split = place === 'intra_state' ? taxOf(share.gross, lines[index]?.gstBasisPoints ?? 0, place) : { ...share, cgst: 0, sgst: 0, igst: place ? share.tax : 0 };
    preview.shippingTax += split.tax;
    preview.shippingSplit.cgst += split.cgst;
    preview.shippingSplit.sgst += split.sgst;
    preview.shippingSplit.igst += split.igst;
  });
  preview.shippingTaxable = preview.shipping - preview.shippingTax;
  preview.total = preview.itemsTotal + preview.shipping;
  return preview;
}
