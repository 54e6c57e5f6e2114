import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

const draw = (props: { page: number; pageCount: number; more?: boolean }, at = '/admin/activity') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <Pagination {...props} />
    </MemoryRouter>,
  );

describe('Pagination', () => {
  it('says how many pages there are, and offers no Next on the last', () => {
    const html = draw({ page: 3, pageCount: 3 }, '/admin/activity?page=3&kind=order.status');
    expect(html).toContain('Page 3 of 3');
    expect(html).toContain('href="/admin/activity?page=2&amp;kind=order.status"');
    expect(html).not.toContain('Next');
  });

  it('a list counted only so far says "more than" and keeps Next past the counted pages', () => {
    const html = draw({ page: 500, pageCount: 500, more: true });
    expect(html).toContain('Page 500 of more than 500');
    expect(html).toContain('href="/admin/activity?page=501"');
  });

  it('shows nothing for one page, unless more were not counted', () => {
    expect(draw({ page: 1, pageCount: 1 })).toBe('');
    expect(draw({ page: 1, pageCount: 1, more: true })).toContain('Next');
  });
});
