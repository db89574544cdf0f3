import { useState } from 'react';
import { ProductImage } from '@/components/ProductImage';
import { useT } from '@/lib/i18n';
import type { ImageData } from '@/types/api';

/**
 * The main image's box below: 288 px on a phone, 448 px from 640 px, half the page from 768 px. On
 * a phone it is declared as 213 px, so that even a 3× screen takes the 640 copy (on a slow
 * connection the data matters more than the last bit of sharpness); the server's preload says the same.
 */
const MAIN_SIZES = '(min-width: 768px) 50vw, (min-width: 640px) 448px, 213px';

export function ProductGallery({ images, name }: { images: readonly ImageData[]; name: string }) {
  const t = useT();
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className="mx-auto flex w-full max-w-72 flex-col gap-3 sm:max-w-md md:max-w-none">
      <ProductImage
        src={current?.url}
        srcSet={current?.srcset}
        sizes={MAIN_SIZES}
        alt={current?.alt || name}
        width={current?.width}
        height={current?.height}
        eager
        className="border border-stone-200 bg-white"
      />
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('product.images')}>
          {images.map((image, index) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={t('product.showImage', { index: index + 1, count: images.length })}
                className={`block size-16 overflow-hidden rounded-md border-2 bg-white ${index === selected ? 'border-green-700' : 'border-stone-200'}`}
              >
                <img src={image.url} srcSet={image.srcset ?? undefined} sizes={image.srcset ? '64px' : undefined} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
