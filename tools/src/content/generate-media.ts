// Generates the demo pack's own small media into content/ (run once by a maintainer; CI never runs it):
//   npx tsx tools/src/content/generate-media.ts [--force]
// Needs ffmpeg (libx264, aac, libmp3lame, drawtext) and espeak-ng. Every file stays well under 1 MB:
// 10 s 320x180 videos, short spoken mp3s, text-free 320x180 (16:9) PNG thumbnails (thumbs.ts), one-page PDFs written by hand,
// and two SCORM packages (1.2 and 2004) that are static files already in content/media/scorm.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { writeThumbs } from './thumbs.js';

const root = resolve(process.argv.find((a) => a.startsWith('--content='))?.slice(10) ?? 'content');
const force = process.argv.includes('--force');
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const work = mkdtempSync(join(tmpdir(), 'media-'));

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
const target = (path: string) => {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  return file;
};
const skip = (file: string) => !force && existsSync(file);
/** drawtext needs ' : \ escaped */
const esc = (text: string) => text.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, '\u2019');

function speak(text: string, voice: string, wav: string) {
  run('espeak-ng', ['-v', voice, '-s', '150', '-w', wav, text]);
}

/** 10 s, 320x180, 15 fps, a growing progress bar; narration when given. */
function video(path: string, title: string, subtitle: string, colour: string, narration?: { text: string; voice: string }) {
  const file = target(path);
  if (skip(file)) return;
  const draw = [
    `drawtext=fontfile=${font}:text='${esc(title)}':fontcolor=white:fontsize=26:x=(w-tw)/2:y=58`,
    `drawtext=fontfile=${font}:text='${esc(subtitle)}':fontcolor=white@0.85:fontsize=13:x=(w-tw)/2:y=98`,
    `drawtext=fontfile=${font}:text='%{eif\\:t\\:d} s':fontcolor=white:fontsize=12:x=w-tw-8:y=8`,
  ].join(',');
  // a bar that grows with the time played
  const graph = `[0:v]${draw}[t];[1:v]format=yuva420p,colorchannelmixer=aa=0.8[b];[t][b]overlay=x='-320+t*32':y=170:shortest=1[v]`;
  const args = ['-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=320x180:d=10:r=15`, '-f', 'lavfi', '-i', 'color=c=white:s=320x10:d=10:r=15'];
  if (narration) {
    const wav = join(work, `${path.replace(/\W/g, '_')}.wav`);
    speak(narration.text, narration.voice, wav);
    args.push('-i', wav, '-filter_complex', `${graph};[2:a]apad,atrim=0:10[a]`, '-map', '[v]', '-map', '[a]', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-ar', '22050');
  } else {
    args.push('-filter_complex', graph, '-map', '[v]', '-an');
  }
  args.push('-t', '10', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '33', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file);
  run('ffmpeg', args);
}

function audio(path: string, text: string, voice: string) {
  const file = target(path);
  if (skip(file)) return;
  const wav = join(work, `${path.replace(/\W/g, '_')}.wav`);
  speak(text, voice, wav);
  run('ffmpeg', ['-y', '-i', wav, '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '32k', file]);
}

/** A one-page PDF with Helvetica text, written by hand (no dependency): header, xref and trailer. */
function pdf(path: string, title: string, lines: string[]) {
  const file = target(path);
  if (skip(file)) return;
  const latin1 = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [
    'BT /F1 20 Tf 56 770 Td',
    `(${latin1(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td 15 TL',
    ...lines.map((l) => `(${latin1(l)}) '`),
    'ET',
    '0.06 0.22 0.31 rg 56 700 480 2 re f',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(file, Buffer.from(body, 'latin1'));
}

const GREEN = '0x2e7d32';
const CORN = '0xc28f00';
const COTTON = '0x5c6bc0';
const BRAND = '0x10384f';
const EARTH = '0x6d4c41';

// welcome video, one per language
video('media/video/boas-vindas-pt.mp4', 'Boas-vindas', 'Portal de treinamento agronômico', BRAND, { text: 'Bem-vindo ao portal de treinamento agronômico. Aqui você aprende no seu ritmo.', voice: 'pt-br' });
video('media/video/boas-vindas-es.mp4', 'Bienvenida', 'Portal de capacitación agronómica', BRAND, { text: 'Bienvenido al portal de capacitación agronómica. Aquí aprendes a tu ritmo.', voice: 'es' });
video('media/video/boas-vindas-en.mp4', 'Welcome', 'Agronomy training portal', BRAND, { text: 'Welcome to the agronomy training portal. Here you learn at your own pace.', voice: 'en' });
// language-neutral lesson videos
video('media/video/soja.mp4', 'Soja', 'Plantio, manejo e colheita', GREEN);
video('media/video/milho.mp4', 'Milho', 'Híbridos e nutrição', CORN);
video('media/video/algodao.mp4', 'Algodão', 'Solo, pragas e fibra', COTTON);
video('media/video/gestao.mp4', 'Gestão rural', 'Custos, pessoas e negócios', EARTH);
// podcasts (protected: downloads go through signed links) and an audio lesson
audio('protected/podcast/ctb-cast-01.mp3', 'CTB Cast, episódio um. Neste episódio falamos sobre o início da safra de soja e o planejamento do plantio.', 'pt-br');
audio('protected/podcast/ctb-cast-02.mp3', 'CTB Cast, episódio dois. Hoje o assunto é manejo integrado de pragas no milho safrinha.', 'pt-br');
audio('protected/podcast/ctb-cast-03.mp3', 'CTB Cast, episódio três. Conversamos sobre qualidade da fibra do algodão e a colheita.', 'pt-br');
audio('media/audio/gestao-pessoas-pt.mp3', 'Liderar uma equipe no campo começa por ouvir. Dê retorno frequente e reconheça o bom trabalho.', 'pt-br');
audio('media/audio/gestao-pessoas-es.mp3', 'Liderar un equipo en el campo empieza por escuchar. Da retroalimentación frecuente y reconoce el buen trabajo.', 'es');
audio('media/audio/gestao-pessoas-en.mp3', 'Leading a team in the field starts with listening. Give frequent feedback and recognise good work.', 'en');
// documents
pdf('media/docs/guia-soja.pdf', 'Guia rapido: plantio de soja', [
  '1. Analise o solo e corrija a acidez antes do plantio.',
  '2. Escolha a cultivar adaptada a sua regiao.',
  '3. Trate as sementes e regule a plantadeira.',
  '4. Plante com umidade adequada e na epoca recomendada.',
  '',
  'Quick guide: soybean planting / Guia rapida: siembra de soja.',
]);
pdf('protected/docs/manual-milho.pdf', 'Manual do hibrido de milho', [
  'Material restrito a distribuidores: download por link assinado.',
  'Densidade recomendada: 60 a 70 mil plantas por hectare.',
  'Adubacao de cobertura no estadio V4 a V6.',
  '',
  'Restricted material / Material restringido.',
]);
// thumbnails: one per station and one per entry type (16:9), with no words in them (thumbs.ts)
writeThumbs(root);

rmSync(work, { recursive: true, force: true });
let total = 0;
for (const dir of ['media', 'protected']) {
  const list = execFileSync('find', [join(root, dir), '-type', 'f']).toString().trim().split('\n');
  for (const f of list) {
    const size = statSync(f).size;
    total += size;
    if (size > 1024 * 1024) console.warn(`too big: ${f} ${size}`);
  }
}
console.log(`content media: ${(total / 1024).toFixed(0)} KiB in ${root}`);
