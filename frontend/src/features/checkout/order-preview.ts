// The order as checkout will price it, worked out here exactly as the server does (crates/orders):
// GST is taken out of each line's inclusive price and rounded once per line; in the shop's home
// state it splits into SGST (half, rounded down) and CGST (the rest), elsewhere it is all IGST;
// shipping is free when the items total reaches the shop's threshold.
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
  shipping: Paise;
  total: Paise;
  /** Null until the delivery state is known: the tax is then shown whole. */
  place: PlaceOfSupply | null;
}

export interface ShippingRule {
  freeAbove: Paise;
  flatFee: Paise;
}

/** The GST inside a line: price × quantity × rate / (1 + rate), rounded half away from zero. */
export function lineTax({ pricePaise, quantity, gstBasisPoints }: PricedLine): Paise {
  const gross = BigInt(pricePaise) * BigInt(quantity);
  const bp = BigInt(gstBasisPoints);
  return Number(divRoundHalfAway(gross * bp, 10000n + bp));
}

/** CGST takes the odd paisa: SGST = floor(tax / 2), CGST = tax − SGST. */
export function splitTax(tax: Paise, place: PlaceOfSupply): GstSplit {
  if (place === 'inter_state') return { cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { cgst: tax - sgst, sgst, igst: 0 };
}

const fold = (state: string) => state.trim().toLocaleLowerCase('en');

/** Intra-state when delivering in the shop's home state (names compared ignoring case). */
export function placeOfSupply(homeState: string, deliveryState: string): PlaceOfSupply | null {
  if (fold(deliveryState) === '') return null;
  return fold(homeState) === fold(deliveryState) ? 'intra_state' : 'inter_state';
}

export const shippingFor = (itemsTotal: Paise, rule: ShippingRule): Paise => (itemsTotal >= rule.freeAbove ? 0 : rule.flatFee);

export function orderPreview(lines: readonly PricedLine[], place: PlaceOfSupply | null, rule: ShippingRule): OrderPreview {
  const preview: OrderPreview = { itemCount: 0, itemsTotal: 0, subtotal: 0, tax: 0, cgst: 0, sgst: 0, igst: 0, shipping: 0, total: 0, place };
  for (const line of lines) {
    const gross = line.pricePaise * line.quantity;
    const tax = lineTax(line);
    preview.itemCount += line.quantity;
    preview.itemsTotal += gross;
    preview.tax += tax;
    if (place) {
      const split = splitTax(tax, place);
      preview.cgst += split.cgst;
      preview.sgst += split.sgst;
      preview.igst += split.igst;
    }
  }
  preview.subtotal = preview.itemsTotal - preview.tax;
  preview.shipping = lines.length === 0 ? 0 : shippingFor(preview.itemsTotal, rule);
  preview.total = preview.itemsTotal + preview.shipping;
  return preview;
}
