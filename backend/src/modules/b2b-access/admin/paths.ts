/** Where the module's admin pages live (the core mounts them under /admin/<module id>). */
export const adminBase = '/admin/b2b-access';

/** The URL of one of the pages' scripts (client/). */
export const assetPath = (file: string) => `${adminBase}/assets/${file}`;
