// GSTN's unit quantity codes (the catalogue's `pricing::supply::Uqc` list): the codes an
// agri-inputs shop uses first, with names in the desk's language, then the rest as GSTN names
// them.

/** The codes the shop's packs use, in the order the desk offers them. */
export const COMMON_UQC = ['KGS', 'LTR', 'NOS', 'MTR', 'PRS', 'SET', 'PCS', 'GMS', 'MLT', 'NA'] as const;

/** Every other code of GSTN's list, with GSTN's own name. */
export const OTHER_UQC: readonly (readonly [string, string])[] = [
  ['BAG', 'BAGS'],
  ['BAL', 'BALE'],
  ['BDL', 'BUNDLES'],
  ['BKL', 'BUCKLES'],
  ['BOU', 'BILLION OF UNITS'],
  ['BOX', 'BOX'],
  ['BTL', 'BOTTLES'],
  ['BUN', 'BUNCHES'],
  ['CAN', 'CANS'],
  ['CBM', 'CUBIC METERS'],
  ['CCM', 'CUBIC CENTIMETERS'],
  ['CMS', 'CENTIMETERS'],
  ['CTN', 'CARTONS'],
  ['DOZ', 'DOZENS'],
  ['DRM', 'DRUMS'],
  ['GGK', 'GREAT GROSS'],
  ['GRS', 'GROSS'],
  ['GYD', 'GROSS YARDS'],
  ['KLR', 'KILOLITRE'],
  ['KME', 'KILOMETRE'],
  ['MTS', 'METRIC TON'],
  ['OTH', 'OTHERS'],
  ['PAC', 'PACKS'],
  ['QTL', 'QUINTAL'],
  ['ROL', 'ROLLS'],
  ['SQF', 'SQUARE FEET'],
  ['SQM', 'SQUARE METERS'],
  ['SQY', 'SQUARE YARDS'],
  ['TBS', 'TABLETS'],
  ['TGM', 'TEN GROSS'],
  ['THD', 'THOUSANDS'],
  ['TON', 'TONNES'],
  ['TUB', 'TUBES'],
  ['UGS', 'US GALLONS'],
  ['UNT', 'UNITS'],
  ['YDS', 'YARDS'],
];

/** A service is reported as `NA`, with no quantity. */
export const isService = (uqc: string) => uqc.trim().toUpperCase() === 'NA';

/** The kinds of supply a product may be (CGST Act s. 2(47)); only `taxable` carries a rate above 0. */
export const SUPPLY_KINDS = ['taxable', 'nil_rated', 'exempt', 'non_gst'] as const;
export type SupplyKindName = (typeof SUPPLY_KINDS)[number];
