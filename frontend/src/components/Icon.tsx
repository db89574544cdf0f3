// The icon component of the spec: a name and a type, outline (the default) or solid. Each icon is
// imported on its own so the bundle carries only the ones listed here.
import type { ComponentType, SVGProps } from 'react';
import ArrowPathIcon from '@heroicons/react/24/outline/ArrowPathIcon';
import Bars3Icon from '@heroicons/react/24/outline/Bars3Icon';
import ChatBubbleLeftRightIcon from '@heroicons/react/24/outline/ChatBubbleLeftRightIcon';
import CheckCircleIcon from '@heroicons/react/24/outline/CheckCircleIcon';
import ChevronDownIcon from '@heroicons/react/24/outline/ChevronDownIcon';
import ChevronRightIcon from '@heroicons/react/24/outline/ChevronRightIcon';
import ClockIcon from '@heroicons/react/24/outline/ClockIcon';
import EnvelopeIcon from '@heroicons/react/24/outline/EnvelopeIcon';
import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import MagnifyingGlassIcon from '@heroicons/react/24/outline/MagnifyingGlassIcon';
import MapPinIcon from '@heroicons/react/24/outline/MapPinIcon';
import MinusIcon from '@heroicons/react/24/outline/MinusIcon';
import PauseIcon from '@heroicons/react/24/outline/PauseIcon';
import PhoneIcon from '@heroicons/react/24/outline/PhoneIcon';
import PhotoIcon from '@heroicons/react/24/outline/PhotoIcon';
import PlayIcon from '@heroicons/react/24/outline/PlayIcon';
import PlusIcon from '@heroicons/react/24/outline/PlusIcon';
import ShoppingBagIcon from '@heroicons/react/24/outline/ShoppingBagIcon';
import TrophyIcon from '@heroicons/react/24/outline/TrophyIcon';
import UserIcon from '@heroicons/react/24/outline/UserIcon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import CameraSolidIcon from '@heroicons/react/24/solid/CameraIcon';
import ChatBubbleOvalLeftSolidIcon from '@heroicons/react/24/solid/ChatBubbleOvalLeftIcon';
import GlobeAltSolidIcon from '@heroicons/react/24/solid/GlobeAltIcon';
import SparklesSolidIcon from '@heroicons/react/24/solid/SparklesIcon';

type HeroIcon = ComponentType<SVGProps<SVGSVGElement> & { title?: string; titleId?: string }>;

const outline = {
  'arrow-path': ArrowPathIcon,
  'bars-3': Bars3Icon,
  'chat-bubble-left-right': ChatBubbleLeftRightIcon,
  'check-circle': CheckCircleIcon,
  'chevron-down': ChevronDownIcon,
  'chevron-right': ChevronRightIcon,
  clock: ClockIcon,
  envelope: EnvelopeIcon,
  'exclamation-triangle': ExclamationTriangleIcon,
  'magnifying-glass': MagnifyingGlassIcon,
  'map-pin': MapPinIcon,
  minus: MinusIcon,
  pause: PauseIcon,
  phone: PhoneIcon,
  photo: PhotoIcon,
  play: PlayIcon,
  plus: PlusIcon,
  'shopping-bag': ShoppingBagIcon,
  trophy: TrophyIcon,
  user: UserIcon,
  'x-mark': XMarkIcon,
} satisfies Record<string, HeroIcon>;

const solid = {
  camera: CameraSolidIcon,
  'chat-bubble-oval-left': ChatBubbleOvalLeftSolidIcon,
  'globe-alt': GlobeAltSolidIcon,
  sparkles: SparklesSolidIcon,
} satisfies Record<string, HeroIcon>;

export type OutlineIconName = keyof typeof outline;
export type SolidIconName = keyof typeof solid;

type IconProps = { className?: string; title?: string } & (
  | { name: OutlineIconName; type?: 'outline' }
  | { name: SolidIconName; type: 'solid' }
);

/** Decorative unless given a title, which then becomes its accessible name. */
export function Icon({ name, type = 'outline', className = 'size-6', title }: IconProps) {
  const Svg: HeroIcon = type === 'solid' ? solid[name as SolidIconName] : outline[name as OutlineIconName];
  return title ? (
    <Svg className={className} title={title} aria-hidden={false} role="img" />
  ) : (
    <Svg className={className} aria-hidden focusable={false} />
  );
}
