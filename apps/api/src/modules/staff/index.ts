export { requirePermission, requireAnyPermission, registerStaffAuth, type StaffGuard } from './guard.js';
export { staffRoutes } from './staff.routes.js';
export { staffCtxOf, type StaffCtx } from './context.js';
export { createActiveMember, memberExists, staffNames, StaffInputError } from './members.js';
export { recordAudit, listAudit, changedFields, type AuditCtx, type AuditRecord, type AuditChanges } from './audit.js';
// The maintenance preview (content/settings-admin.ts) lasts as long as the staff session it was issued for.
export { listStaffSessions } from './sessions.js';
export { auditRoutes } from './audit.routes.js';
export { savedViewsRoutes } from './saved-views.js';
