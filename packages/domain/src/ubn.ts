/**
 * The Taiwan unified business number (統一編號, the company's `sn`): eight digits whose weighted
 * digit sum is a multiple of 5 (the Ministry of Finance rule since 2023; numbers issued before, a
 * multiple of 10, still pass). Weights 1,2,1,2,1,2,4,1; each product counts by the sum of its
 * digits. When the seventh digit is 7 its product 28 counts as 10, read either as 1 or as 0.
 */
const WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);

export function isValidUbn(value: string): boolean {
  if (!/^\d{8}$/.test(value) || value === '00000000') return false;
  const digits = [...value].map(Number);
  const sum = digits.reduce((acc, d, i) => acc + digitSum(d * (WEIGHTS[i] ?? 0)), 0);
  if (sum % 5 === 0) return true;
  // 7 × 4 = 28 → 2 + 8 = 10, which may count as 1 (1 + 0) or as 0.
  return digits[6] === 7 && (sum + 1) % 5 === 0;
}

export const UBN_MESSAGE = 'Enter a valid 8-digit unified business number';
