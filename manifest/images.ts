/** Reads the intrinsic size of an SVG or PNG, so the page can reserve its space. */
import { readFileSync } from 'node:fs';

/** Width and height in CSS pixels, or an error text. */
export function imageSize(file: string): { width: number; height: number } | { error: string } {
  const buf = readFileSync(file);
  if (file.toLowerCase().endsWith('.svg')) {
    const tag = /<svg\b[^>]*>/i.exec(buf.toString('utf8'))?.[0];
    if (!tag) return { error: 'it is not an SVG document' };
    const num = (name: string) => {
      const m = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, 'i').exec(tag);
      return m ? Number(m[1]) : NaN;
    };
    const width = num('width');
    const height = num('height');
    if (!(width > 0 && height > 0)) return { error: 'its <svg> element has no numeric width and height attributes' };
    return { width, height };
  }
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47) {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  return { error: 'only SVG and PNG images are supported' };
}
