/**
 * One `parseZoneFile` in a fresh process, as the companion's first large request meets the reader:
 * its code not yet compiled by the optimizing compiler and its heap still small. Prints the CPU time
 * (user + system) of the parse, in ms. With `--companion-heap`, the companion's own heap settings
 * (`companion/src/memory.ts`) are set first, as its entry points do.
 *
 *   npx tsx tests/bench/first-parse.ts <file> <zone> [--companion-heap]
 */
import { readFileSync } from 'node:fs';

// the settings first, as the companion's entry points import them before anything else
if (process.argv.includes('--companion-heap')) await import('@dnsferry/companion/memory');
const { parseZoneFile } = await import('@dnsferry/shared');

const [file, zone] = process.argv.slice(2);
if (!file || !zone) throw new Error('usage: first-parse.ts <file> <zone> [--companion-heap]');
const text = readFileSync(file, 'utf8');
const cpu = process.cpuUsage();
const parsed = parseZoneFile(text, zone);
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, records: parsed.records.length })}\n`);
