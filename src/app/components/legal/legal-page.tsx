import type { ReactNode } from 'react';
import type { TermsBlock } from '~/shared/legal/terms';

export const legalLink = 'font-medium text-caramel-dark underline underline-offset-4';

/** The frame of the shop's legal pages: a heading band, then readable text. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main>
      <header className="bg-dough">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:py-16">
          <h1 className="text-4xl font-bold sm:text-5xl">{title}</h1>
          <p className="mt-4 text-lg text-cocoa-light">{intro}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10 text-lg leading-relaxed sm:py-12">{children}</div>
    </main>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-10 last:mb-0">
      <h2 className="mb-4 text-3xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The owner's terms as headings and paragraphs (plain text: nothing they type becomes markup). */
export function TermsText({ blocks }: { blocks: TermsBlock[] }) {
  return (
    <div className="space-y-4">
      {blocks.map((b, i) =>
        'heading' in b ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one version never reorder
          <h2 key={i} className="pt-4 text-2xl font-bold">
            {b.heading}
          </h2>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one version never reorder
          <p key={i} className="whitespace-pre-line">
            {b.text}
          </p>
        ),
      )}
    </div>
  );
}
