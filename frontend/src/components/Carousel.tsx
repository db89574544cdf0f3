// A continuously scrolling, looping carousel (embla + its auto-scroll plugin). It moves one slide
// per 5000 ms, pauses while the pointer is over it or focus is inside, has a pause button
// (WCAG 2.2.2), and stays still for shoppers who ask for reduced motion. Embla starts only when
// the carousel comes near the screen, so it costs a slow phone nothing while the page loads; until
// then the slides sit in place, laid out by CSS alone.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import AutoScroll from 'embla-carousel-auto-scroll';
import { Icon } from '@/components/Icon';
import { useT } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';

/** Time one slide takes to pass, from the spec. */
export const CAROUSEL_SLIDE_MS = 5000;
/** Embla advances its scroll body once per 1000/60 ms. */
const FRAME_MS = 1000 / 60;

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
  const [speed, setSpeed] = useState<number | null>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [near, setNear] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  // Paused means no plugin at all: the plugin itself would restart on mouse leave or focus out.
  const plugins = useMemo(
    () => (speed === null || !playing ? [] : [AutoScroll({ speed, startDelay: 500, stopOnMouseEnter: true, stopOnInteraction: false })]),
    [speed, playing],
  );
  const [viewportRef, emblaApi] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start', active: near }, plugins);

  // Watching starts once the page has loaded, so embla's measuring stays out of the way.
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

  // Speed in pixels per frame such that one slide passes every CAROUSEL_SLIDE_MS, kept right as
  // the slides change width with the screen.
  useEffect(() => {
    const slide = near ? emblaApi?.slideNodes()[0] : undefined;
    if (!slide || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = slide.getBoundingClientRect().width;
      if (width > 0) setSpeed(Math.round((width / (CAROUSEL_SLIDE_MS / FRAME_MS)) * 100) / 100);
    });
    observer.observe(slide);
    return () => observer.disconnect();
  }, [emblaApi, near]);

  return (
    <div ref={region} role="region" aria-roledescription="carousel" aria-label={label}>
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
      <div className="overflow-hidden" ref={viewportRef}>
        <div className="-ml-3 flex touch-pan-y touch-pinch-zoom sm:-ml-4">
          {children.map((child, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: index + 1, count: children.length })}
              className={`min-w-0 shrink-0 grow-0 pl-3 sm:pl-4 ${slideClassName}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
