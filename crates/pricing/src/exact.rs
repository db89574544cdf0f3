//! Exact rounding of a sum of fractions.
//!
//! The cart's tax is `Σ amount × bp / (10000 + bp)` over its GST rates, rounded once. The
//! denominators differ per rate, so adding the fractions in `i128` would need the least common
//! multiple of the denominators, which overflows once a cart mixes about ten unusual rates; and
//! `rust_decimal` rounds every quotient to 28 digits, so an exact tie such as 3 paise at 5 % plus
//! 22 paise at 12 % (`1/7 + 33/14 = 2.5` paise of tax) lands on 2.5 only if the rounding errors
//! of the quotients happen to cancel. They did in every case tried, but nothing guarantees it.
//!
//! So each fraction is split into an exact integer part (`i128`) and a remainder `r/d` with
//! `0 <= r < d <= 20000`, and the remainders are added exactly over a common denominator in the
//! small unsigned big integer below. For the usual GST slabs it is one or two 32-bit limbs.

use std::cmp::Ordering;

/// `Σ numerator / denominator` over `terms`, rounded half away from zero, or `None` when the
/// integer part overflows `i128` or a denominator is 0.
pub(crate) fn round_sum_half_away(terms: &[(i128, u32)]) -> Option<i128> {
    let mut integer: i128 = 0;
    let mut remainders: Vec<(u32, u32)> = Vec::new();
    for &(numerator, denominator) in terms {
        let d = i128::from(denominator);
        if d == 0 {
            return None;
        }
        integer = integer.checked_add(numerator.div_euclid(d))?;
        let r = u32::try_from(numerator.rem_euclid(d)).ok()?;
        if r != 0 {
            let g = gcd(r, denominator);
            remainders.push((r / g, denominator / g));
        }
    }

    // F = Σ r/d with every r/d in (0, 1), so 0 <= F < k for k remainders; with L the common
    // denominator and N = Σ r × (L / d), F = N / L. `twice` is floor(2F), found by bisection.
    let mut common = Natural::from(1);
    for &(_, d) in &remainders {
        let (_, rem) = common.div_rem_small(d);
        common.mul_small(d / gcd(rem, d));
    }
    let mut numerator = Natural::from(0);
    for &(r, d) in &remainders {
        let (mut term, _) = common.div_rem_small(d);
        term.mul_small(r);
        numerator.add(&term);
    }
    numerator.mul_small(2);
    let (mut low, mut high) = (0_u32, u32::try_from(remainders.len()).ok()?.checked_mul(2)?);
    // Invariant: common × low <= 2N < common × high (or high is the upper bound 2k).
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if common.times(middle).cmp(&numerator) == Ordering::Greater {
            high = middle;
        } else {
            low = middle;
        }
    }
    let twice = low;
    let exact = common.times(twice) == numerator;

    // With F = floor(F) + f: twice even means f < 1/2; twice odd means f = 1/2 when exact,
    // else f > 1/2.
    let floor = integer.checked_add(i128::from(twice / 2))?;
    let fraction = match (twice % 2, exact) {
        (0, _) => Ordering::Less,
        (_, true) => Ordering::Equal,
        (_, false) => Ordering::Greater,
    };
    // floor >= 0 exactly when the value is >= 0. Ties go up for those and down (away from zero)
    // for negative values.
    let up = match fraction {
        Ordering::Less => false,
        Ordering::Equal => floor >= 0,
        Ordering::Greater => true,
    };
    floor.checked_add(i128::from(up))
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-negative integer as little-endian 32-bit limbs, without high zero limbs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Natural(Vec<u32>);

impl From<u32> for Natural {
    fn from(value: u32) -> Self {
        let mut n = Natural(vec![value]);
        n.trim();
        n
    }
}

impl Natural {
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn mul_small(&mut self, factor: u32) {
        let mut carry = 0_u64;
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32; // the low half
            carry = product >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn times(&self, factor: u32) -> Natural {
        let mut product = self.clone();
        product.mul_small(factor);
        product
    }

    fn add(&mut self, other: &Natural) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        let mut carry = 0_u64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let sum = u64::from(*limb) + u64::from(other.0.get(i).copied().unwrap_or(0)) + carry;
            *limb = sum as u32; // the low half
            carry = sum >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    /// Quotient and remainder of the division by `divisor`, which must not be 0.
    fn div_rem_small(&self, divisor: u32) -> (Natural, u32) {
        let divisor = u64::from(divisor);
        let mut quotient = vec![0_u32; self.0.len()];
        let mut remainder = 0_u64;
        for (q, limb) in quotient.iter_mut().zip(&self.0).rev() {
            let current = (remainder << 32) | u64::from(*limb);
            *q = (current / divisor) as u32; // < 2^32 because remainder < divisor
            remainder = current % divisor;
        }
        let mut quotient = Natural(quotient);
        quotient.trim();
        (quotient, remainder as u32)
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_roundings() {
        assert_eq!(round_sum_half_away(&[]), Some(0));
        assert_eq!(round_sum_half_away(&[(7, 2)]), Some(4));
        assert_eq!(round_sum_half_away(&[(-7, 2)]), Some(-4));
        assert_eq!(round_sum_half_away(&[(5, 2), (-1, 1)]), Some(2));
        assert_eq!(round_sum_half_away(&[(-5, 2), (1, 1)]), Some(-2));
        assert_eq!(round_sum_half_away(&[(1, 3)]), Some(0));
        assert_eq!(round_sum_half_away(&[(2, 3)]), Some(1));
        assert_eq!(round_sum_half_away(&[(-1, 3)]), Some(0));
        assert_eq!(round_sum_half_away(&[(-2, 3)]), Some(-1));
        assert_eq!(round_sum_half_away(&[(1, 0)]), None);
    }

    #[test]
    fn ties_across_denominators() {
        // A tie made of fractions with different denominators: 1/6 + 1/3 = 1/2 exactly.
        assert_eq!(round_sum_half_away(&[(1, 6), (1, 3)]), Some(1));
        assert_eq!(round_sum_half_away(&[(-1, 6), (-1, 3)]), Some(-1));
        // Just under and over the tie.
        assert_eq!(
            round_sum_half_away(&[(1, 6), (1, 3), (-1, 19_999)]),
            Some(0)
        );
        assert_eq!(round_sum_half_away(&[(1, 6), (1, 3), (1, 19_999)]), Some(1));
        assert_eq!(
            round_sum_half_away(&[(-1, 6), (-1, 3), (1, 19_999)]),
            Some(0)
        );
    }

    #[test]
    fn many_coprime_denominators() {
        // 12 primes near 10^4: the common denominator is far beyond i128. Each r/p with
        // r = (p - 1) / 2 is just under a half, so 12 of them are just under 6; adding 1/2 makes
        // that just under 6.5, and adding 1/1000 more just over it.
        let primes = [
            10_007, 10_009, 10_037, 10_039, 10_061, 10_067, 10_069, 10_079, 10_091, 10_093, 10_099,
            10_103,
        ];
        let mut terms: Vec<(i128, u32)> = primes.iter().map(|&p| (i128::from(p / 2), p)).collect();
        assert_eq!(round_sum_half_away(&terms), Some(6));
        terms.push((1, 2));
        assert_eq!(round_sum_half_away(&terms), Some(6));
        terms.push((1, 1_000));
        assert_eq!(round_sum_half_away(&terms), Some(7));
    }

    #[test]
    fn natural_arithmetic() {
        let mut n = Natural::from(u32::MAX);
        n.mul_small(u32::MAX);
        assert_eq!(n.0, vec![1, u32::MAX - 1]);
        n.add(&Natural::from(u32::MAX));
        assert_eq!(n.0, vec![0, u32::MAX]);
        let (q, r) = n.div_rem_small(10);
        let mut back = q.times(10);
        back.add(&Natural::from(r));
        assert_eq!(back, n);
        assert_eq!(Natural::from(0).times(5), Natural::from(0));
        assert!(Natural::from(3) < n);
    }
}
