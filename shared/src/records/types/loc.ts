import { RdataError, type RdataReader } from '../rdata';
import type { RecordTypeSpec } from '../spec';

/**
 * LOC (RFC 1876): `d [m [s]] N|S d [m [s]] E|W alt[m] [size[m] [hp[m] [vp[m]]]]`. Values are brought to
 * what the wire form holds (sizes as one digit times a power of ten, truncated as BIND does), so a
 * zone file's value and the same record read back from a server compare equal.
 */
export const LOC: RecordTypeSpec = {
  code: 29,
  parse(r) {
    const lat = angle(r, 'latitude', 'NS', 90);
    const lon = angle(r, 'longitude', 'EW', 180);
    const alt = meters(r.next('the altitude').raw, 'the altitude', -100000, 42849672.95);
    const sizes = [1, 10000, 10].map((dflt, i) => {
      const t = r.done ? null : r.next('a size').raw;
      return t === null
        ? dflt * 100
        : precision(meters(t, ['the size', 'the horizontal precision', 'the vertical precision'][i] ?? '', 0, 90000000));
    });
    r.end('LOC');
    return { content: format(lat, lon, Math.round(alt * 100), sizes) };
  },
  read(w) {
    if (w.u8() !== 0) throw new RdataError('LOC version is not 0');
    const sizes = [w.u8(), w.u8(), w.u8()].map((b) => (b >> 4) * 10 ** (b & 15));
    const lat = w.u32() - 2 ** 31;
    const lon = w.u32() - 2 ** 31;
    const alt = w.u32() - 10000000;
    return { content: format(lat, lon, alt, sizes) };
  },
};

/** Degrees, minutes, seconds and hemisphere → thousandths of an arc second (negative for S and W). */
function angle(r: RdataReader, what: string, hemis: string, maxDeg: number): number {
  const parts: string[] = [];
  for (;;) {
    const t = r.next(`the ${what}`).raw.toUpperCase();
    if (hemis.includes(t) && t.length === 1) {
      const [d = '', m = '0', s = '0'] = parts;
      if (
        !/^\d+$/.test(d) ||
        !/^\d+$/.test(m) ||
        !/^\d+(?:\.\d{1,3})?$/.test(s) ||
        Number(d) > maxDeg ||
        Number(m) > 59 ||
        Number(s) >= 60
      ) {
        throw new RdataError(`the ${what} ${parts.join(' ')} ${t} is not degrees, minutes and seconds`);
      }
      const v = Number(d) * 3600000 + Number(m) * 60000 + Math.round(Number(s) * 1000);
      if (v > maxDeg * 3600000) throw new RdataError(`the ${what} is beyond ${maxDeg} degrees`);
      return t === hemis[0] ? v : -v;
    }
    parts.push(t);
    if (parts.length > 3) throw new RdataError(`the ${what} needs ${hemis.split('').join(' or ')} after its degrees, minutes and seconds`);
  }
}

function meters(t: string, what: string, min: number, max: number): number {
  const m = /^(-?\d+(?:\.\d{1,2})?)m?$/i.exec(t);
  const v = m ? Number(m[1]) : NaN;
  if (!(v >= min && v <= max)) throw new RdataError(`${what} "${t.slice(0, 30)}" is not a length in meters (${min} to ${max})`);
  return v;
}

/** Meters → centimetres as the wire holds them: one digit times a power of ten (truncated). */
function precision(m: number): number {
  let cm = Math.round(m * 100);
  let exp = 0;
  while (cm >= 10 && exp < 9) {
    cm = Math.floor(cm / 10);
    exp++;
  }
  return cm * 10 ** exp;
}

function format(lat: number, lon: number, altCm: number, sizesCm: number[]): string {
  const dms = (v: number, hemis: string) => {
    const a = Math.abs(v);
    const d = Math.floor(a / 3600000);
    const m = Math.floor((a % 3600000) / 60000);
    const s = ((a % 60000) / 1000).toFixed(3);
    return `${d} ${m} ${s} ${v >= 0 ? hemis[0] : hemis[1]}`;
  };
  const len = (cm: number) => `${Number((cm / 100).toFixed(2))}m`;
  return `${dms(lat, 'NS')} ${dms(lon, 'EW')} ${(altCm / 100).toFixed(2)}m ${sizesCm.map(len).join(' ')}`;
}
