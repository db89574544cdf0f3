// Where the toasts stack (ToastStack.tsx). Its code is not in the page's first download: it is
// fetched when the browser is idle (so the first toast shows at once, online or off: the offline
// copy keeps it) and at the latest with the first toast.
import { useEffect, useState } from 'react';
import type * as StackCode from '@/components/toast/ToastStack';
import type { ToastItem } from '@/components/toast/toast-item';
import { whenIdle } from '@/lib/idle';

type StackModule = typeof StackCode;
let stack: StackModule | undefined;

/** Fetches the stack's code once; answers when it is here. */
export const loadToastStack = (): Promise<StackModule> =>
  stack ? Promise.resolve(stack) : import('@/components/toast/ToastStack').then((module) => (stack = module));

interface ToastViewportProps {
  toasts: ToastItem[];
  onRemove: (id: number) => void;
}

export function ToastViewport({ toasts, onRemove }: ToastViewportProps) {
  const [, setLoaded] = useState(stack !== undefined);
  const wanted = toasts.length > 0;
  useEffect(() => whenIdle(() => void loadToastStack().then(() => setLoaded(true))), []);
  useEffect(() => {
    if (wanted) void loadToastStack().then(() => setLoaded(true));
  }, [wanted]);
  if (!wanted || !stack) return null;
  const { default: ToastStack } = stack;
  return <ToastStack toasts={toasts} onRemove={onRemove} />;
}
