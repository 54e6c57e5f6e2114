/**
 * A cookie's allergens as a packing slip prints them: what it contains and what it may contain
 * (cross-contamination), both in bold, so the slip in the box says what the product page says.
 * Renders nothing when neither is declared.
 */
export function SlipAllergens({ contains, mayContain }: { contains: string[]; mayContain: string[] }) {
  return (
    <>
      {contains.length > 0 && (
        <>
          Contains: <strong>{contains.join(', ')}</strong>.
        </>
      )}
      {contains.length > 0 && mayContain.length > 0 && ' '}
      {mayContain.length > 0 && (
        <>
          May contain: <strong>{mayContain.join(', ')}</strong>.
        </>
      )}
    </>
  );
}
