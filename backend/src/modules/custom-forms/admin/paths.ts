/** Where the module's admin pages live (the core mounts them at /admin/custom-forms). */
export const adminBase = '/admin/custom-forms';
