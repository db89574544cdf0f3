// A section of the message catalogue, compiled (scripts/lingui-catalog.ts): `en.json?section=name`.
declare module '@/locales/en.json?section=*' {
  const messages: Record<string, unknown>;
  export default messages;
}
