import { Icon } from '@/components/Icon';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  width?: number | null;
  height?: number | null;
  className?: string;
  eager?: boolean;
}

/** A product picture in a square box, so the layout never moves while it loads. */
export function ProductImage({ src, alt, width, height, className = '', eager = false }: ProductImageProps) {
  return (
    <div className={`flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-stone-100 ${className}`}>
      {src ? (
        <img
          src={src}
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
