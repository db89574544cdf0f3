import '@/components/icons-more';
import { Icon } from '@/components/Icon';

interface ProductImageProps {
  src: string | null | undefined;
  /** The uploaded photo's widths (`… 320w, … 640w`); none for an SVG. */
  srcSet?: string | null;
  /** How wide the box is drawn, so the browser picks the smallest width that fills it. */
  sizes?: string;
  alt: string;
  width?: number | null;
  height?: number | null;
  className?: string;
  eager?: boolean;
}

/** A product picture in a square box, so the layout never moves while it loads. */
/** A card in the shop's grids: two columns on a phone, up to five on a desktop. */
export const CARD_SIZES = '(min-width: 1024px) 20vw, (min-width: 768px) 33vw, 50vw';

export function ProductImage({ src, srcSet, sizes = CARD_SIZES, alt, width, height, className = '', eager = false }: ProductImageProps) {
  return (
    <div className={`flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-stone-100 ${className}`}>
      {src ? (
        <img
          src={src}
          srcSet={srcSet ?? undefined}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width ?? 400}
          height={height ?? 400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-contain"
        />
      ) : (
        <Icon name="photo" className="size-10 text-stone-400" />
      )}
    </div>
  );
}
