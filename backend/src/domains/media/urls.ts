/** Root-relative URLs of generated images; the storefront proxies /media/* to the backend. */
export const mediaKinds = {
  product: '/media/catalog/product',
  category: '/media/catalog/category',
  blog: '/media/blog',
} as const;

export type MediaKind = keyof typeof mediaKinds;

export const productImageUrl = (file: string) => `${mediaKinds.product}/${file}`;
export const categoryImageUrl = (file: string) => `${mediaKinds.category}/${file}`;
export const blogImageUrl = (file: string) => `${mediaKinds.blog}/${file}`;
