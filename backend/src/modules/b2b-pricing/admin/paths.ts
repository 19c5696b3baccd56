/** Where the module's admin pages live (the core mounts them under /admin/<module id>). */
export const adminBase = '/admin/b2b-pricing';
