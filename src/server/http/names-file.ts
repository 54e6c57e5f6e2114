/**
 * True when a path names a file (`/favicon.svg`, `/assets/app-1a2b.css`): its last segment has an
 * extension. React Router's `.data` answers are not files, and neither is a page's path.
 */
export const namesFile = (path: string) => /\.[^/]+$/.test(path) && !path.endsWith('.data');
