// India's states and union territories by their GST state codes (the first two digits of a
// GSTIN), as crates/fields/src/states.rs lists them.
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '35': 'Andaman and Nicobar Islands',
  '37': 'Andhra Pradesh',
  '12': 'Arunachal Pradesh',
  '18': 'Assam',
  '10': 'Bihar',
  '04': 'Chandigarh',
  '22': 'Chhattisgarh',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '07': 'Delhi',
  '30': 'Goa',
  '24': 'Gujarat',
  '06': 'Haryana',
  '02': 'Himachal Pradesh',
  '01': 'Jammu and Kashmir',
  '20': 'Jharkhand',
  '29': 'Karnataka',
  '32': 'Kerala',
  '38': 'Ladakh',
  '31': 'Lakshadweep',
  '23': 'Madhya Pradesh',
  '27': 'Maharashtra',
  '14': 'Manipur',
  '17': 'Meghalaya',
  '15': 'Mizoram',
  '13': 'Nagaland',
  '21': 'Odisha',
  '34': 'Puducherry',
  '03': 'Punjab',
  '08': 'Rajasthan',
  '11': 'Sikkim',
  '33': 'Tamil Nadu',
  '36': 'Telangana',
  '16': 'Tripura',
  '09': 'Uttar Pradesh',
  '05': 'Uttarakhand',
  '19': 'West Bengal',
};

/** The state a GSTIN is registered in (its first two digits), if they name one. */
export function gstinState(gstin: string): string | null {
  return GST_STATE_CODES[gstin.trim().slice(0, 2)] ?? null;
}
