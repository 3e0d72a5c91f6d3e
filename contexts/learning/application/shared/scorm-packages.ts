import { Inject, Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Locale } from '@portal/kernel';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import type { z } from 'zod';
import type { CatalogueStation, ContentEntry, scormPackageSchema } from '../../contracts/index.js';
import { scormPackageRoot, withoutQuery } from '../catalogue-import/import-pack.js';
import { CONTENT_DIR, contentFile, manifestIn } from './content-dir.js';
import { manifestText, parseScormManifest } from './scorm-manifest.js';
import { encodeUriPath } from './scorm-paths.js';
import { scormPackagesDir, storedPackage, UPLOADED_PACKAGES_PREFIX } from './uploaded-packages.js';

export type ScormPackageView = z.infer<typeof scormPackageSchema>;

/**
 * The packages of several SCOs behind SCORM entries (issue 27): each locale's manifest, read with
 * the manifest parser from the package root the importer found, once per package revision (the
 * entry's media hash covers every file of the package). The player gets the table of contents,
 * the SCOs' launch addresses and the sequencing; the decider gets the SCO ids a commit may name.
 */
@Injectable()
export class ScormPackages {
  private readonly cache = new Map<string, ScormPackageView | null>();

  constructor(
    @Inject(CONTENT_DIR) private readonly contentDir: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The locale's package when it has more than one SCO or its one item is an asset; null for a single SCO (played as before). */
  packageOf(station: CatalogueStation, entry: ContentEntry, lang: Locale): ScormPackageView | null {
    const src = entry.src[lang] ?? Object.values(entry.src).find(Boolean);
    return src ? this.read(src, station.mediaHashes[src] ?? '') : null;
  }

  /** Every SCO id of the entry's packages (any locale), in the organization's order. */
  scoIdsOf(station: CatalogueStation, entry: ContentEntry): string[] {
    const ids = new Set<string>();
    for (const src of Object.values(entry.src)) {
      if (!src) continue;
      for (const sco of this.read(src, station.mediaHashes[src] ?? '')?.scos ?? []) ids.add(sco.id);
    }
    return [...ids];
  }

  private read(src: string, hash: string): ScormPackageView | null {
    const key = `${src}#${hash}`;
    if (this.cache.has(key)) return this.cache.get(key)!;
    const view = this.parse(src);
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(key, view);
    return view;
  }

  /** The manifest and the launch base of a pack's package, or of a package uploaded through the screen or the CLI. */
  private located(src: string): { manifest: ReturnType<typeof parseScormManifest>; base: string } | null {
    if (src.startsWith(UPLOADED_PACKAGES_PREFIX)) {
      const packageId = src.slice(UPLOADED_PACKAGES_PREFIX.length).split('/', 1)[0]!;
      const pkg = storedPackage(scormPackagesDir(this.config.dataDir), packageId);
      return pkg ? { manifest: pkg.manifest, base: `/api/${UPLOADED_PACKAGES_PREFIX}${pkg.packageId}/${encodeUriPath(pkg.root)}` } : null;
    }
    const file = contentFile(this.contentDir, withoutQuery(src));
    const root = file ? scormPackageRoot(this.contentDir, file) : null;
    if (!root) return null;
    try {
      return {
        manifest: parseScormManifest(manifestText(readFileSync(manifestIn(root) ?? join(root, 'imsmanifest.xml')))),
        // folder names are raw on disk; the launch addresses below are URI references (issue 27)
        base: `/api/${encodeUriPath(relative(this.contentDir, root).split('\\').join('/'))}/`,
      };
    } catch {
      // the importer refused bad manifests; a package changed on disk since then plays as one SCO
      return null;
    }
  }

  private parse(src: string): ScormPackageView | null {
    const found = this.located(src);
    // one SCO plays in the single-SCO player; an asset never calls the API, so even alone it
    // plays as a package, where the session counts it done once launched (issue 27)
    if (!found || (found.manifest.scos.length < 2 && found.manifest.scos.every((s) => s.scormType !== 'asset'))) return null;
    const { manifest, base } = found;
    // the SCO's address as the manifest writes it: packages read their own query (Golf's
    // location.search.replace("?content=", "")), so nothing is added to it (ADR 0084)
    const launchUrl = (launch: string) => `${base}${launch}`;
    return {
      title: manifest.title,
      edition: manifest.edition,
      toc: manifest.toc,
      scos: manifest.scos.map((s) => ({ id: s.id, title: s.title, launchUrl: launchUrl(s.launch), masteryScore: s.masteryScore, dataFromLms: s.dataFromLms, scormType: s.scormType ?? 'sco' })),
      sequencing: manifest.sequencing,
    };
  }
}
