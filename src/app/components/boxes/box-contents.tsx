import type { ContentsEntry } from '~/shared/boxes/box';

/** What is in one box, under its name on the cart and every order screen (decision 042). */
export function BoxContentsList({
  contents,
  className = '',
}: {
  contents: readonly ContentsEntry[];
  className?: string;
}) {
  return (
    <ul aria-label="In each box" className={`text-sm text-cocoa-light ${className}`}>
      {contents.map((e) => (
        <li key={e.product_id}>
          {e.quantity} × {e.name}
        </li>
      ))}
    </ul>
  );
}
