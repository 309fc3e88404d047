// Exact "multipleOf" for JSON numbers: each number is taken as the shortest decimal that
// round-trips to it (what String() prints, e.g. 0.0075 and 0.0001), and the division is done
// exactly on BigInt digits. A double division gets 0.0075 / 0.0001 = 74.99999999999999.

interface Decimal {
  digits: bigint;
  exponent: number;
}

function toDecimal(x: number): Decimal {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (m === null) throw new Error(`not a finite number: ${x}`);
  const fraction = m[3] ?? "";
  return { digits: BigInt(`${m[1]}${m[2]}${fraction}`), exponent: Number(m[4] ?? 0) - fraction.length };
}

/** True when value / divisor is an integer, exactly; divisor > 0. */
export function isMultipleOf(value: number, divisor: number): boolean {
  const a = toDecimal(value);
  const b = toDecimal(divisor);
  const exponent = Math.min(a.exponent, b.exponent);
  const scaledA = a.digits * 10n ** BigInt(a.exponent - exponent);
  const scaledB = b.digits * 10n ** BigInt(b.exponent - exponent);
  return scaledA % scaledB === 0n;
}
