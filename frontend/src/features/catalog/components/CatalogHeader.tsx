import type { ReactNode } from 'react';
import { Paragraphs } from '@/components/Paragraphs';

interface CatalogHeaderProps {
  eyebrow: string;
  title: string | undefined;
  description?: string | null;
  children?: ReactNode;
}

/** The heading block of a category or brand page. */
export function CatalogHeader({ eyebrow, title, description, children }: CatalogHeaderProps) {
  return (
    <header className="mb-6 border-b border-stone-200 pb-6">
      <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">{eyebrow}</p>
      <h1 className="mt-1 text-2xl font-bold text-stone-900 sm:text-3xl">{title}</h1>
      <Paragraphs text={description} className="mt-3 max-w-3xl text-stone-700" />
      {children}
    </header>
  );
}
