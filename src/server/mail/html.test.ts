import { describe, expect, it } from 'vitest';
import { escapeHtml, html, multiline } from './html';

describe('html', () => {
  it('escapes interpolated text, including quotes in attributes', () => {
    const name = `<img src=x onerror="alert('x')">`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;</p>',
    );
  });

  it('keeps nested fragments and lists as markup, and drops empty values', () => {
    const items = ['a & b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}</ul>${null}${false}${undefined}`.value).toBe(
      '<ul><li>a &amp; b</li><li>c</li></ul>',
    );
  });

  it('turns line breaks into <br> after escaping', () => {
    expect(multiline('one <b>\r\ntwo').value).toBe('one &lt;b&gt;<br>two');
    expect(escapeHtml('5 > 4')).toBe('5 &gt; 4');
  });
});
