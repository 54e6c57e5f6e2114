import { createHash, randomBytes } from 'node:crypto';

/**
 * A fresh marker for one render. React Router and React write it as the `nonce` of every inline
 * script they produce; nothing else on the page can know it, so it tells our scripts from any
 * that a piece of content might have smuggled in.
 */
export const renderMarker = () => randomBytes(18).toString('base64url');

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The SHA-256 hashes (CSP `sha256-...` sources) of the page's inline scripts that carry the
 * render's marker, and the page without the marker. Hashes rather than the nonce, because a
 * cached page is sent to many visitors and must stay valid for all of them. Scripts without the
 * marker are left alone and get no hash, so the browser refuses them.
 *
 * React escapes `>` in attribute values and React Router escapes `<` inside its scripts, so a
 * script's text always ends at the first `</script>`.
 */
export function hashMarkedScripts(html: string, marker: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${marker}"`;
  const hashes = new Set<string>();
  const sealed = html.replace(SCRIPT, (tag, attributes: string, text: string) => {
    if (!attributes.includes(attribute)) return tag;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
    return `<script${attributes.replace(attribute, '')}>${text}</script>`;
  });
  // Preload links carry the marker too; it means nothing there.
  return { html: sealed.replaceAll(attribute, ''), hashes: [...hashes] };
}
