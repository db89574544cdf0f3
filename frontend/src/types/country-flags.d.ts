// The flags' addresses by two-letter code (scripts/country-flags.ts).
declare module 'virtual:country-flags' {
  const flags: Record<string, string>;
  export default flags;
}
