/**
 * Exact fractions over BigInt, for money arithmetic. Exchange rates such as
 * 0.074 and a value per point of 0.01 have no exact binary form, so doing the
 * pricing in floating point would make "the member never pays more than the
 * price" true only most of the time. Every amount the engine handles is a
 * decimal, so it is exact here, and the only roundings are the explicit
 * `floor`/`ceil` calls of the engine.
 */
export interface Rational {
  /** Numerator; the fraction is kept reduced. */
  readonly num: bigint;
  /** Denominator, always positive. */
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError("rational: zero denominator");
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

/**
 * The exact decimal a finite JavaScript number stands for as written: 0.074
 * is 74/1000, not the nearest binary double. Uses the shortest round-trip
 * text of the number, exponent notation included.
 */
export function fromNumber(value: number): Rational {
  if (!Number.isFinite(value)) throw new RangeError(`rational: ${value} is not finite`);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!match) throw new RangeError(`rational: cannot read ${value}`);
  const [, sign = "", whole = "0", fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return exponent >= 0 ? rational(digits * 10n ** BigInt(exponent)) : rational(digits, 10n ** BigInt(-exponent));
}

export function fromInteger(value: number | bigint): Rational {
  return rational(BigInt(value));
}

export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function subtract(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function multiply(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function divide(a: Rational, b: Rational): Rational {
  if (b.num === 0n) throw new RangeError("rational: division by zero");
  return rational(a.num * b.den, a.den * b.num);
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compare(a: Rational, b: Rational): number {
  const difference = a.num * b.den - b.num * a.den;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** The greatest integer not above the value (towards minus infinity). */
export function floor(value: Rational): bigint {
  const quotient = value.num / value.den;
  return value.num < 0n && quotient * value.den !== value.num ? quotient - 1n : quotient;
}

/** The least integer not below the value. */
export function ceil(value: Rational): bigint {
  return -floor(rational(-value.num, value.den));
}
