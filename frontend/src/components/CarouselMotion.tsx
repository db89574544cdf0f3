// The moving part of a carousel: embla and its auto-scroll plugin on a viewport the carousel has
// already drawn. It is a module of its own, loaded only when a carousel comes near the screen, so
// no page waits for embla before it can be used.
import { useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import AutoScroll from 'embla-carousel-auto-scroll';

/** Time one slide takes to pass, from the spec. */
export const CAROUSEL_SLIDE_MS = 5000;
/** Embla advances its scroll body once per 1000/60 ms. */
const FRAME_MS = 1000 / 60;

interface CarouselMotionProps {
  /** The drawn viewport: an overflow-hidden box holding one flex row of slides. */
  viewport: HTMLElement;
  playing: boolean;
}

export default function CarouselMotion({ viewport, playing }: CarouselMotionProps) {
  const [speed, setSpeed] = useState<number | null>(null);
  // Paused means no plugin at all: the plugin itself would restart on mouse leave or focus out.
  const plugins = useMemo(
    () => (speed === null || !playing ? [] : [AutoScroll({ speed, startDelay: 500, stopOnMouseEnter: true, stopOnInteraction: false })]),
    [speed, playing],
  );
  const [attach, emblaApi] = useEmblaCarousel({ loop: true, dragFree: true, align: 'start' }, plugins);

  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);

  // Speed in pixels per frame such that one slide passes every CAROUSEL_SLIDE_MS, kept right as
  // the slides change width with the screen.
  useEffect(() => {
    const slide = emblaApi?.slideNodes()[0];
    if (!slide || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = slide.getBoundingClientRect().width;
      if (width > 0) setSpeed(Math.round((width / (CAROUSEL_SLIDE_MS / FRAME_MS)) * 100) / 100);
    });
    observer.observe(slide);
    return () => observer.disconnect();
  }, [emblaApi]);

  return null;
}
