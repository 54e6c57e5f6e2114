import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

/** tailwind-merge knowing only the class groups the shop uses (see class-groups.ts for why). */
const merge = createTailwindMerge(() => {
  const all = getDefaultConfig();
  const classGroups = Object.fromEntries(CLASS_GROUPS.map((group) => [group, all.classGroups[group]]));
  return { ...all, classGroups };
});

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
