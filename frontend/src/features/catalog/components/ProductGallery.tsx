import { useState } from 'react';
import { ProductImage } from '@/components/ProductImage';
import { useT } from '@/lib/i18n';
import type { ImageData } from '@/types/api';

export function ProductGallery({ images, name }: { images: readonly ImageData[]; name: string }) {
  const t = useT();
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className="mx-auto flex w-full max-w-72 flex-col gap-3 sm:max-w-md md:max-w-none">
      <ProductImage
        src={current?.url}
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
                <img src={image.url} alt="" width={64} height={64} loading="lazy" decoding="async" className="size-full object-contain" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
