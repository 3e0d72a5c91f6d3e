import { MATERIAL_MAX_BYTES, MATERIAL_MAX_FILES } from '@portal/events/contracts/http';

/**
 * The form's material list (001 §3, §5: materials attach to an event as files; only files
 * without an id are sent when saving). Attached files have the API's id; files picked since are
 * pending until the upload takes them. The API checks the type by content; the SPA checks what a
 * browser knows (size, extension) so a wrong file is refused before it is sent.
 */
export interface AttachedMaterial {
  kind: 'attached';
  materialId: string;
  fileName: string;
  contentType: string;
  size: number;
}
export interface PendingMaterial {
  kind: 'pending';
  /** the list's own key (files have none until uploaded) */
  key: string;
  file: File;
  problem: MaterialProblem | null;
}
export type MaterialItem = AttachedMaterial | PendingMaterial;
export type MaterialProblem = { rule: 'fileSize'; size: number } | { rule: 'fileType' };

/** The extensions of the contract's MATERIAL_TYPES (PDF, images, OOXML, OpenDocument, the older office formats). */
export const MATERIAL_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'webp', 'gif', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt'] as const;
/** The file picker's accept attribute. */
export const MATERIAL_ACCEPT = MATERIAL_EXTENSIONS.map((e) => `.${e}`).join(',');
/** 001 §5 "file size must not exceed {size}KB". */
export const MATERIAL_MAX_KB = MATERIAL_MAX_BYTES / 1024;

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const materialProblem = (file: Pick<File, 'name' | 'size'>): MaterialProblem | null => {
  if (!(MATERIAL_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { rule: 'fileType' };
  return file.size > MATERIAL_MAX_BYTES ? { rule: 'fileSize', size: MATERIAL_MAX_KB } : null;
};

/** The files to send: those without an id and without a problem (001 §5). */
export const filesToUpload = (items: readonly MaterialItem[]): File[] =>
  items.flatMap((item) => (item.kind === 'pending' && item.problem === null ? [item.file] : []));

/** Uploads of at most MATERIAL_MAX_FILES each (the contract's limit per call). */
export const uploadBatches = (files: readonly File[]): File[][] => {
  const batches: File[][] = [];
  for (let i = 0; i < files.length; i += MATERIAL_MAX_FILES) batches.push(files.slice(i, i + MATERIAL_MAX_FILES));
  return batches;
};

export const attachedOf = (materials: readonly { materialId: string; fileName: string; contentType: string; size: number }[]): AttachedMaterial[] =>
  materials.map((m) => ({ kind: 'attached', materialId: m.materialId, fileName: m.fileName, contentType: m.contentType, size: m.size }));

let counter = 0;
export const pendingOf = (files: readonly File[]): PendingMaterial[] =>
  files.map((file) => ({ kind: 'pending', key: `pending-${++counter}`, file, problem: materialProblem(file) }));

/** "1.5 MB", "320 KB" in the reader's language. */
export const formatSize = (bytes: number, locale: string): string => {
  const units = [
    ['megabyte', 1024 * 1024],
    ['kilobyte', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(bytes);
};
