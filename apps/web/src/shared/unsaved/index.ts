export { DirtyScope, useReportDirty } from './DirtyScope.tsx';
export { SaveBar } from './SaveBar.tsx';
export { UnsavedChangesGuard, useUnsavedChanges } from './UnsavedChangesGuard.tsx';
export { useFormDraft } from './useFormDraft.tsx';
export { useModalFormGuard } from './useModalFormGuard.tsx';
