import { describe, expect, it } from 'vitest';
import { attachedOf, filesToUpload, formatSize, materialProblem, pendingOf, uploadBatches } from './materials';

const file = (name: string, size: number): File => new File([new Uint8Array(Math.min(size, 16))], name, { type: 'application/octet-stream' });

describe('materials (001 §5: only files without an id are sent; ADR 0060: 20 MB, documents and images)', () => {
  it('refuses files over 20 MB and of other kinds before sending', () => {
    expect(materialProblem({ name: 'guide.PDF', size: 1000 })).toBeNull();
    expect(materialProblem({ name: 'big.pdf', size: 20 * 1024 * 1024 + 1 })).toEqual({ rule: 'fileSize', size: 20 * 1024 });
    expect(materialProblem({ name: 'tool.exe', size: 10 })).toEqual({ rule: 'fileType' });
    expect(materialProblem({ name: 'noextension', size: 10 })).toEqual({ rule: 'fileType' });
  });

  it('sends only the new files without a problem, ten per call', () => {
    const pending = pendingOf([file('a.pdf', 10), file('b.exe', 10)]);
    const items = [...attachedOf([{ materialId: 'm1', fileName: 'old.pdf', contentType: 'application/pdf', size: 5 }]), ...pending];
    expect(filesToUpload(items).map((f) => f.name)).toEqual(['a.pdf']);
    expect(uploadBatches(Array.from({ length: 23 }, (_, i) => file(`${i}.pdf`, 1))).map((b) => b.length)).toEqual([10, 10, 3]);
    expect(new Set(pending.map((p) => p.key)).size).toBe(2);
  });

  it('shows sizes in the reader language', () => {
    expect(formatSize(1536, 'en')).toBe('1.5 kB');
    expect(formatSize(3 * 1024 * 1024, 'pt-BR')).toBe('3 MB');
  });
});
