// Icons beyond the header's and the toasts' (see icon-registry.ts): a module that draws one of these imports this
// module, so the drawing is registered before it renders.
import ArrowPathIcon from '@heroicons/react/24/outline/ArrowPathIcon';
import ChatBubbleLeftRightIcon from '@heroicons/react/24/outline/ChatBubbleLeftRightIcon';
import ChevronRightIcon from '@heroicons/react/24/outline/ChevronRightIcon';
import ClockIcon from '@heroicons/react/24/outline/ClockIcon';
import EnvelopeIcon from '@heroicons/react/24/outline/EnvelopeIcon';
import MapPinIcon from '@heroicons/react/24/outline/MapPinIcon';
import MinusIcon from '@heroicons/react/24/outline/MinusIcon';
import PauseIcon from '@heroicons/react/24/outline/PauseIcon';
import PhoneIcon from '@heroicons/react/24/outline/PhoneIcon';
import PhotoIcon from '@heroicons/react/24/outline/PhotoIcon';
import PlayIcon from '@heroicons/react/24/outline/PlayIcon';
import PlusIcon from '@heroicons/react/24/outline/PlusIcon';
import TrophyIcon from '@heroicons/react/24/outline/TrophyIcon';
import CameraSolidIcon from '@heroicons/react/24/solid/CameraIcon';
import ChatBubbleOvalLeftSolidIcon from '@heroicons/react/24/solid/ChatBubbleOvalLeftIcon';
import GlobeAltSolidIcon from '@heroicons/react/24/solid/GlobeAltIcon';
import SparklesSolidIcon from '@heroicons/react/24/solid/SparklesIcon';
import { registerIcons, type HeroIcon } from '@/components/icon-registry';

const outline = {
  'arrow-path': ArrowPathIcon,
  'chat-bubble-left-right': ChatBubbleLeftRightIcon,
  'chevron-right': ChevronRightIcon,
  clock: ClockIcon,
  envelope: EnvelopeIcon,
  'map-pin': MapPinIcon,
  minus: MinusIcon,
  pause: PauseIcon,
  phone: PhoneIcon,
  photo: PhotoIcon,
  play: PlayIcon,
  plus: PlusIcon,
  trophy: TrophyIcon,
} satisfies Record<string, HeroIcon>;

const solid = {
  camera: CameraSolidIcon,
  'chat-bubble-oval-left': ChatBubbleOvalLeftSolidIcon,
  'globe-alt': GlobeAltSolidIcon,
  sparkles: SparklesSolidIcon,
} satisfies Record<string, HeroIcon>;

registerIcons('outline', outline);
registerIcons('solid', solid);

export type MoreOutlineIconName = keyof typeof outline;
export type SolidIconName = keyof typeof solid;
