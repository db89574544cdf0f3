// The icon component of the spec: a name and a type, outline (the default) or solid. Each icon is
// imported on its own so the bundle carries only the ones listed; the header's and toasts' icons are
// here, the others in `icons-more` (see icon-registry.ts).
import { createElement } from 'react';
import Bars3Icon from '@heroicons/react/24/outline/Bars3Icon';
import CheckCircleIcon from '@heroicons/react/24/outline/CheckCircleIcon';
import ChevronDownIcon from '@heroicons/react/24/outline/ChevronDownIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import MagnifyingGlassIcon from '@heroicons/react/24/outline/MagnifyingGlassIcon';
import ShoppingBagIcon from '@heroicons/react/24/outline/ShoppingBagIcon';
import UserIcon from '@heroicons/react/24/outline/UserIcon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { registeredIcon, registerIcons, type HeroIcon } from '@/components/icon-registry';
import type { MoreOutlineIconName, SolidIconName } from '@/components/icons-more';

// The header's, and the toasts' (which any page may show).
const firstIcons = {
  'bars-3': Bars3Icon,
  'check-circle': CheckCircleIcon,
  'chevron-down': ChevronDownIcon,
  'exclamation-triangle': ExclamationTriangleIcon,
  'magnifying-glass': MagnifyingGlassIcon,
  'shopping-bag': ShoppingBagIcon,
  user: UserIcon,
  'x-mark': XMarkIcon,
} satisfies Record<string, HeroIcon>;

registerIcons('outline', firstIcons);

export type OutlineIconName = keyof typeof firstIcons | MoreOutlineIconName;
export type { SolidIconName };

type IconProps = { className?: string; title?: string } & (
  | { name: OutlineIconName; type?: 'outline' }
  | { name: SolidIconName; type: 'solid' }
);

/** Decorative unless given a title, which then becomes its accessible name. */
export function Icon({ name, type = 'outline', className = 'size-6', title }: IconProps) {
  const Svg = registeredIcon(type, name);
  if (!Svg) {
    // A module drew an icon from `icons-more` without importing it.
    const problem = `The ${type} icon "${name}" is not registered: import '@/components/icons-more' where it is drawn`;
    if (import.meta.env.DEV) throw new Error(problem);
    console.error(problem);
    return null;
  }
  // createElement: the registry's components are made once, at import, not during this render.
  return title
    ? createElement(Svg, { className, title, 'aria-hidden': false, role: 'img' })
    : createElement(Svg, { className, 'aria-hidden': true, focusable: false });
}
