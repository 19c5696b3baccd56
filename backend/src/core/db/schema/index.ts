export * from './stores.ts';
export * from './countries.ts';
export * from './categories.ts';
export * from './products.ts';
export * from './product-types.ts';
export * from './content.ts';
export * from './customers.ts';
