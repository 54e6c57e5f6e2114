import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

/** tailwind-merge's default configuration, knowing only the class groups the shop uses (see class-groups.ts for why). */
function narrow() {
  const all = getDefaultConfig();
  const classGroups = Object.fromEntries(CLASS_GROUPS.map((group) => [group, all.classGroups[group]]));
  return { ...all, classGroups };
}

let narrowed: ReturnType<typeof narrow> | undefined;
const narrowedConfig = () => {
  narrowed ??= narrow();
  return narrowed;
};

const merge = createTailwindMerge(narrowedConfig);

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}

/**
 * tailwind-merge builds its configuration and then its lookup of the class groups on its first
 * call; inside hydration's render that is one long task React cannot split (decision 055). The
 * browser's entry runs these two steps first, each as a task of its own (decision 059).
 */
export const prepareCn = [narrowedConfig, () => void merge('')];
