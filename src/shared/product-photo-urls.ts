/** Where an uploaded product photo's variants are served (immutable: the name holds a content hash). */
export const productPhotoUrl = (hash: string, width: 400 | 800, format: 'avif' | 'webp') =>
  `/api/photos/${hash}-${width}.${format}`;
