import { existsSync, readFileSync } from 'node:fs';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';
import type { Locale } from '@portal/kernel';

/**
 * The certificate texts in the three locales (the learner's language picks one). `completed` is
 * followed by the crop's name on its own line: "concluiu o treinamento de" / "Soja" (the
 * certificate's own title, "Certificado Soja", reads wrong there: issue 13).
 */
const TEXTS: Record<Locale, { heading: string; certifies: string; completed: string; issued: string; id: string; verify: string }> = {
  'pt-BR': {
    heading: 'Certificado de conclusão',
    certifies: 'Certificamos que',
    completed: 'concluiu o treinamento de',
    issued: 'Emitido em',
    id: 'Código do certificado',
    verify: 'Confira a autenticidade em',
  },
  es: {
    heading: 'Certificado de finalización',
    certifies: 'Certificamos que',
    completed: 'completó la capacitación de',
    issued: 'Emitido el',
    id: 'Código del certificado',
    verify: 'Verifica la autenticidad en',
  },
  en: {
    heading: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: 'has completed the training in',
    issued: 'Issued on',
    id: 'Certificate ID',
    verify: 'Verify it at',
  },
};

export interface CertificatePdfInput {
  lang: Locale;
  /** the product's one name (PRODUCT_NAME), at the top and as the PDF's author */
  productName: string;
  holderName: string;
  /** the crop certificate's title in the learner's language */
  title: string;
  cropTitle: string;
  issuedAt: string;
  certificateId: string;
  verifyUrl: string;
}

/** A Unicode font for names the standard fonts cannot encode (CERTIFICATE_FONT, else a common system font). */
const UNICODE_FONTS = [
  process.env.CERTIFICATE_FONT,
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/Library/Fonts/Arial Unicode.ttf',
].filter((f): f is string => !!f);
let unicodeFontBytes: Uint8Array | null | undefined;
const unicodeFont = (): Uint8Array | null => {
  if (unicodeFontBytes === undefined) {
    const file = UNICODE_FONTS.find((f) => existsSync(f));
    unicodeFontBytes = file ? readFileSync(file) : null;
  }
  return unicodeFontBytes;
};

const encodable = (font: PDFFont, text: string): boolean => {
  try {
    font.encodeText(text);
    return true;
  } catch {
    return false;
  }
};
/** Last resort without a Unicode font: drop diacritics, replace what is left. */
const latinOnly = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

export class QrCodeError extends Error {}

/**
 * Renders the crop certificate (A4 landscape): heading, the learner's name, the crop training,
 * the issue date in the learner's language, the certificate id and a QR code to the public
 * verification page. Texts use a standard font (their text stays searchable as WinAnsi); a name
 * the standard font cannot encode is drawn with an embedded Unicode font.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const t = TEXTS[input.lang];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.heading} - ${input.title}`);
  pdf.setSubject(`${input.holderName} - ${input.cropTitle}`);
  pdf.setAuthor(input.productName);
  pdf.setLanguage(input.lang);
  pdf.setCreationDate(new Date(input.issuedAt));
  pdf.setKeywords([input.certificateId]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let fallback: PDFFont | null = null;
  const fontFor = async (text: string, preferred: PDFFont): Promise<{ font: PDFFont; text: string }> => {
    if (encodable(preferred, text)) return { font: preferred, text };
    const bytes = unicodeFont();
    if (bytes) {
      if (!fallback) {
        pdf.registerFontkit(fontkit);
        fallback = await pdf.embedFont(bytes, { subset: true });
      }
      return { font: fallback, text };
    }
    return { font: preferred, text: latinOnly(text) };
  };

  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const green = rgb(0.06, 0.22, 0.31); // theme colour #10384F
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: green, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: green, borderWidth: 0.8 });

  const centered = async (page: PDFPage, text: string, y: number, size: number, preferred: PDFFont) => {
    const chosen = await fontFor(text, preferred);
    const w = chosen.font.widthOfTextAtSize(chosen.text, size);
    page.drawText(chosen.text, { x: (width - w) / 2, y, size, font: chosen.font, color: green });
  };
  await centered(page, input.productName, height - 90, 14, regular);
  await centered(page, t.heading, height - 150, 34, bold);
  await centered(page, t.certifies, height - 210, 16, regular);
  await centered(page, input.holderName, height - 255, 30, bold);
  await centered(page, t.completed, height - 300, 16, regular);
  await centered(page, input.cropTitle, height - 340, 22, bold);
  const date = new Intl.DateTimeFormat(input.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(input.issuedAt));
  await centered(page, `${t.issued} ${date}`, height - 380, 13, regular);

  let qr: Uint8Array;
  try {
    qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  } catch (error) {
    throw new QrCodeError(error instanceof Error ? error.message : String(error));
  }
  const image = await pdf.embedPng(qr);
  const side = 110;
  page.drawImage(image, { x: width - 60 - side, y: 60, width: side, height: side });
  page.drawText(`${t.id}: ${input.certificateId}`, { x: 60, y: 95, size: 10, font: regular, color: green });
  const verify = await fontFor(`${t.verify} ${input.verifyUrl}`, regular);
  page.drawText(verify.text, { x: 60, y: 78, size: 9, font: verify.font, color: green, maxWidth: width - 260 });
  return pdf.save();
}
