import { describe, expect, it } from 'vitest';
import { parseScormManifest } from './scorm-manifest.js';
import { decodeUriPath, encodeUriPath, packSrcAsUri, splitAddress } from './scorm-paths.js';

/**
 * Issue 27, file names that need percent-encoding: a manifest's href is a URI reference, a zip's
 * entry a raw name. The launch address is the file's path encoded plus the manifest's query; the
 * content origin decodes it once back to the file.
 */
const manifest = (href: string, parameters = '') => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"${parameters ? ` parameters="${parameters}"` : ''}><title>I</title></item>
  </organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="${href}"/></resources>
</manifest>`;
const sco = (href: string, parameters?: string) => parseScormManifest(manifest(href, parameters)).scos[0]!;

describe('SCORM paths: manifest hrefs, zip names and launch addresses', () => {
  it('maps an encoded href to the raw file and back to the same encoded launch address', () => {
    const s = sco('M%C3%B3dulo%201/100%25%20pronto%20%231%3F.htm?lang=pt');
    expect(s.file).toBe('Módulo 1/100% pronto #1?.htm');
    expect(s.launch).toBe('M%C3%B3dulo%201/100%25%20pronto%20%231%3F.htm?lang=pt');
    expect(decodeUriPath(splitAddress(s.launch).path)).toBe(s.file);
  });

  it('encodes what a manifest leaves raw: spaces and non-ASCII (an IRI), keeping the query and fragment as written', () => {
    expect(sco('Módulo 1/página inicial.html')).toMatchObject({ file: 'Módulo 1/página inicial.html', launch: 'M%C3%B3dulo%201/p%C3%A1gina%20inicial.html' });
    expect(sco('a b.html?x=1 2#top', '&y=3')).toMatchObject({ file: 'a b.html', launch: 'a%20b.html?x=1 2&y=3#top' });
  });

  it('reads a raw `#` and `?` as the fragment and query they are in a URI, and a lone `%` as itself', () => {
    expect(sco('page#1.htm')).toMatchObject({ file: 'page', launch: 'page#1.htm' });
    expect(sco('quiz?.htm')).toMatchObject({ file: 'quiz', launch: 'quiz?.htm' });
    expect(sco('100%.htm')).toMatchObject({ file: '100%.htm', launch: '100%25.htm' });
  });

  it('decodes once, keeps slashes, and refuses escapes that are not UTF-8', () => {
    expect(decodeUriPath('a%2525.htm')).toBe('a%25.htm');
    expect(decodeUriPath('p%E1gina.htm')).toBeNull();
    expect(encodeUriPath('Módulo 1/100% #1?.htm')).toBe('M%C3%B3dulo%201/100%25%20%231%3F.htm');
    expect(decodeUriPath(encodeUriPath('Módulo 1/100% #1?.htm'))).toBe('Módulo 1/100% #1?.htm');
  });

  it("encodes a content pack's src (a raw file path with the launch's query) as a URL path", () => {
    expect(packSrcAsUri('media/scorm/golf/Course Pages/página.html?content=playing')).toBe('media/scorm/golf/Course%20Pages/p%C3%A1gina.html?content=playing');
    expect(packSrcAsUri('media/scorm/x/index.html')).toBe('media/scorm/x/index.html');
  });
});
