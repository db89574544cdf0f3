// A continuously scrolling, looping carousel. It moves one slide per 5000 ms, pauses while the
// pointer is over it or focus is inside, has a pause button (WCAG 2.2.2), and stays still for
// shoppers who ask for reduced motion. The motion (embla and its auto-scroll plugin, in
// CarouselMotion) is downloaded and started only when the carousel comes near the screen, so it
// costs a slow phone nothing while the page loads; until then the slides sit in place, laid out by
// CSS alone.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import '@/components/icons-more';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';

const CarouselMotion = lazy(() => import('@/components/CarouselMotion'));

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface CarouselProps {
  label: string;
  /** The section heading, shown beside the pause button. */
  header: ReactNode;
  /** Tailwind flex-basis classes giving the number of slides per view at each breakpoint. */
  slideClassName: string;
  children: ReactNode[];
}

export function Carousel({ label, header, slideClassName, children }: CarouselProps) {
  const t = useT();
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  const region = useRef<HTMLDivElement>(null);

  // Watching starts once the page has loaded, so embla's download and measuring stay out of the way.
  useEffect(() => {
    const node = region.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '200px 0px' },
    );
    const cancel = whenIdle(() => observer.observe(node));
    return () => {
      cancel();
      observer.disconnect();
    };
  }, []);

  return (
    <div ref={region} role="region" aria-roledescription={t('carousel.roleDescription')} aria-label={label}>
      <div className="mb-4 flex items-center justify-between gap-4">
        {header}
        {children.length > 1 ? (
          <button
            type="button"
            onClick={() => setPlaying(!playing)}
            className="icon-btn shrink-0 text-stone-700"
            aria-label={playing ? t('carousel.pause', { label }) : t('carousel.play', { label })}
          >
            <Icon name={playing ? 'pause' : 'play'} className="size-5" />
          </button>
        ) : null}
      </div>
      <div className="overflow-hidden" ref={setViewport}>
        <div className="-ml-3 flex touch-pan-y touch-pinch-zoom sm:-ml-4">
          {children.map((child, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription={t('carousel.slideRole')}
              aria-label={t('carousel.slide', { index: index + 1, count: children.length })}
              className={`min-w-0 shrink-0 grow-0 pl-3 sm:pl-4 ${slideClassName}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      {near && viewport ? (
        <Suspense fallback={null}>
          <CarouselMotion viewport={viewport} playing={playing} />
        </Suspense>
      ) : null}
    </div>
  );
}
