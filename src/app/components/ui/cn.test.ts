import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { CLASS_GROUPS } from './class-groups';
import { cn } from './cn';

/** Every word of every string in the app's source that could be a class, variants taken off. */
function classesInSource(): Set<string> {
  const files = execFileSync('git', ['ls-files', 'src/app/**/*.ts', 'src/app/**/*.tsx'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.includes('.test.'));
  const classes = new Set<string>();
  for (const file of files) {
    for (const [, , text] of readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of text?.split(/\s+/) ?? []) {
        const bare = word.replace(/^.*:/, '');
        if (bare && /^[!a-z0-9\-[\]/.#%_()&>*@,=]+$/i.test(bare)) classes.add(bare);
      }
    }
  }
  return classes;
}

describe('cn', () => {
  it('knows the class group of every Tailwind class the app writes, so overrides still win', () => {
    const all = getDefaultConfig();
    const known = new Set<string>(CLASS_GROUPS);
    const words = classesInSource();
    const missing: string[] = [];
    for (const [group, classes] of Object.entries(all.classGroups)) {
      if (known.has(group)) continue;
      // A class of this group alone: merged with itself, tailwind-merge keeps one of the two.
      const alone = createTailwindMerge(() => ({ ...all, classGroups: { [group]: classes } }));
      const used = [...words].find((word) => alone(`${word} ${word}`) === word);
      if (used) missing.push(`'${group}' (for ${used})`);
    }
    expect(missing, 'add these to CLASS_GROUPS in class-groups.ts').toEqual([]);
  });

  it('lets a later class override an earlier one as full tailwind-merge does', () => {
    for (const classes of [
      'px-4 py-2 px-2',
      'p-4 px-2',
      'px-2 p-4',
      'text-sm text-lg text-muted-foreground text-destructive',
      'rounded-md border bg-background h-9 w-full h-auto',
      'hidden md:flex md:hidden',
      'font-medium font-semibold',
      'grid gap-2 gap-4 sm:grid-cols-2 sm:grid-cols-3',
    ]) {
      expect(cn(classes)).toBe(twMerge(classes));
    }
    expect(cn('px-4', false, undefined, ['py-2', { 'px-1': true }])).toBe('py-2 px-1');
  });
});
