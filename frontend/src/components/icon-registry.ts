// The icons the Icon component can draw, by name. The few every page may need (header, toasts) are
// registered by Icon itself; the rest by `icons-more`, which each module using one of them imports
// (so their drawings stay out of the code every page must run first).
import type { ComponentType, SVGProps } from 'react';

export type HeroIcon = ComponentType<SVGProps<SVGSVGElement> & { title?: string; titleId?: string }>;

const outline = new Map<string, HeroIcon>();
const solid = new Map<string, HeroIcon>();

export function registerIcons(kind: 'outline' | 'solid', icons: Record<string, HeroIcon>): void {
  const into = kind === 'solid' ? solid : outline;
  for (const [name, icon] of Object.entries(icons)) into.set(name, icon);
}

export const registeredIcon = (kind: 'outline' | 'solid', name: string): HeroIcon | undefined => (kind === 'solid' ? solid : outline).get(name);
