/** A country's flag picture; decorative, since the country's name or code is always beside it. */
export function CountryFlag({ src, eager = false }: { src: string | undefined; eager?: boolean }) {
  const box = 'h-4 w-6 shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.12)]';
  if (!src) return <span aria-hidden className={`${box} bg-stone-200`} />;
  return <img src={src} alt="" width={24} height={16} loading={eager ? 'eager' : 'lazy'} decoding="async" className={box} />;
}
