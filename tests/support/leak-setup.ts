import { afterAll, expect } from 'vitest';
import { leaks } from './leak-watch';

// After every test file: no seeded credential in anything the companion logged or answered.
afterAll(() => {
  const { leaked } = leaks();
  expect(
    leaked.map((s) => `${s.slice(0, 4)}…(${s.length} chars)`),
    'credentials leaked into logs or responses',
  ).toEqual([]);
});
