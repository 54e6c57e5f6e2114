/** A fragment of HTML that is already safe: interpolating it into `html` keeps it as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

type Value = SafeHtml | string | number | null | undefined | false | ReadonlyArray<SafeHtml | string>;

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((v) => render(v)).join('');
  return escapeHtml(String(value));
}

/**
 * Tagged template for e-mail HTML: every interpolated value is escaped unless it is itself a
 * `SafeHtml` (the result of another `html` call), so customer text can never inject markup.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Keeps the line breaks of plain text (a message, an address) when shown as HTML. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .split(/\r?\n/)
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}
