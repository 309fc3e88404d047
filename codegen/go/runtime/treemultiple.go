package wire

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// wireMultipleOf is multipleOf decided exactly on decimals (≈ $multipleOf):
// each number is taken as the shortest decimal that round-trips to it (what
// JSON.stringify and toExponential write), so 0.3 is a multiple of 0.1 and
// 4.35 of 0.01, which floating-point remainder gets wrong. m is the schema's
// (positive, finite) multipleOf. A non-finite x is no multiple (the
// TypeScript twin throws there: callers check finiteness first).
func wireMultipleOf(x, m float64) bool {
	if x == 0 {
		return true
	}
	if math.IsInf(x, 0) || math.IsNaN(x) || m == 0 || math.IsInf(m, 0) || math.IsNaN(m) {
		return false
	}
	// whole numbers up to 2^53 are their own shortest decimals
	if x == math.Trunc(x) && m == math.Trunc(m) && math.Abs(x) <= 1<<53 && math.Abs(m) <= 1<<53 {
		return int64(x)%int64(m) == 0
	}
	xd, xe := wireDecimal(x)
	md, me := wireDecimal(m)
	if e := xe - me; e >= 0 {
		xd.Mul(xd, wirePow10(e))
	} else {
		md.Mul(md, wirePow10(-e))
	}
	return new(big.Int).Rem(xd, md).Sign() == 0
}

// wireDecimal returns digits and exponent with |x| = digits × 10^exponent, from
// the shortest round-trip form of x (strconv's 'e' with precision -1).
func wireDecimal(x float64) (*big.Int, int) {
	s := strconv.FormatFloat(math.Abs(x), 'e', -1, 64) // d.ddde±XX
	at := strings.IndexByte(s, 'e')
	mant := s[:at]
	exp, _ := strconv.Atoi(s[at+1:])
	frac := 0
	if dot := strings.IndexByte(mant, '.'); dot >= 0 {
		frac = len(mant) - dot - 1
		mant = mant[:dot] + mant[dot+1:]
	}
	d, _ := new(big.Int).SetString(mant, 10)
	return d, exp - frac
}

func wirePow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}
